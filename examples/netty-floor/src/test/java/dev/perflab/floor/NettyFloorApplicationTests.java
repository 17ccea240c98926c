package dev.perflab.floor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The floor serves the lab's request on a real port in front of two stub servers:
 * auth-service is asked with the client's Authorization header, a refusal is a 401, the
 * backend gets the path without /service and its answer comes back whole; with
 * AUTH_CACHE_TTL an accepted token is asked once.
 */
class NettyFloorApplicationTests {

    private HttpServer stubs;

    private final AtomicInteger authCalls = new AtomicInteger();

    private final List<String> backendPaths = new CopyOnWriteArrayList<>();

    private ConfigurableApplicationContext floor;

    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void startStubs() throws IOException {
        stubs = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stubs.createContext("/auth", exchange -> {
            authCalls.incrementAndGet();
            String token = exchange.getRequestHeaders().getFirst("Authorization");
            exchange.sendResponseHeaders("Bearer good".equals(token) ? 200 : 401, -1);
            exchange.close();
        });
        stubs.createContext("/hello", exchange -> {
            backendPaths.add(exchange.getRequestURI().toString());
            byte[] body = "hello from the backend".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stubs.start();
    }

    @AfterEach
    void stop() {
        if (floor != null) {
            floor.close();
        }
        stubs.stop(0);
    }

    private int start(String... more) throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String stub = "http://127.0.0.1:" + stubs.getAddress().getPort();
        List<String> args = new java.util.ArrayList<>(
                List.of("--server.port=" + port, "--BUSINESS_URL=" + stub, "--AUTH_URL=" + stub));
        args.addAll(List.of(more));
        floor = new SpringApplicationBuilder(NettyFloorApplication.class).run(args.toArray(String[]::new));
        return port;
    }

    private HttpResponse<String> get(int port, String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            request.header("Authorization", token);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void asksAuthServiceOnEveryRequestAndRoutesWithoutThePrefix() throws Exception {
        int port = start();
        HttpResponse<String> answer = get(port, "/service/hello?name=lab", "Bearer good");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("hello from the backend");
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("text/plain");
        assertThat(backendPaths).containsExactly("/hello?name=lab");
        assertThat(get(port, "/service/hello", "Bearer good").statusCode()).isEqualTo(200);
        assertThat(authCalls.get()).as("no cache: one auth call per request").isEqualTo(2);
        assertThat(get(port, "/service/hello", "Bearer bad").statusCode()).isEqualTo(401);
        assertThat(get(port, "/service/hello", null).statusCode()).isEqualTo(401);
        assertThat(authCalls.get()).as("no header, no auth call").isEqualTo(3);
        assertThat(backendPaths).as("a refused request never reaches the backend").hasSize(2);
    }

    @Test
    void withACacheAnAcceptedTokenIsAskedOnceAndARefusedOneEveryTime() throws Exception {
        int port = start("--AUTH_CACHE_TTL=10s");
        for (int i = 0; i < 5; i++) {
            assertThat(get(port, "/service/hello", "Bearer good").statusCode()).isEqualTo(200);
        }
        assertThat(authCalls.get()).isOne();
        assertThat(get(port, "/service/hello", "Bearer bad").statusCode()).isEqualTo(401);
        assertThat(get(port, "/service/hello", "Bearer bad").statusCode()).isEqualTo(401);
        assertThat(authCalls.get()).isEqualTo(3);
        assertThat(backendPaths).hasSize(5);
    }

}
