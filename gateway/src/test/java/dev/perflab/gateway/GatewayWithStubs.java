package dev.perflab.gateway;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole gateway on a random port in front of {@link StubServices}, started afresh for
 * each test class (subclasses choose the profiles).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
public abstract class GatewayWithStubs {

    protected static StubServices stubs;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    protected int port;

    @Autowired
    protected MeterRegistry registry;

    @BeforeAll
    static void startStubs() {
        stubs = new StubServices();
    }

    @AfterAll
    static void stopStubs() {
        stubs.close();
    }

    @DynamicPropertySource
    static void pointAtStubs(DynamicPropertyRegistry registry) {
        registry.add("AUTH_URL", () -> "http://localhost:" + stubs.authPort());
        registry.add("BUSINESS_URL", () -> "http://localhost:" + stubs.backendPort());
        registry.add("lab.log.dir", () -> "target/test-logs");
    }

    protected HttpResponse<String> get(String path, String token) throws IOException, InterruptedException {
        return get(path, token, Map.of());
    }

    protected HttpResponse<String> get(String path, String token, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The te header the backend saw on a routed request with gRPC's content type: Spring
     * Cloud Gateway's gRPC request header filter adds "te: trailers" to it (copying every
     * request header to do so) when that filter is registered.
     */
    protected String teTheBackendSawForGrpcContent() throws IOException, InterruptedException {
        HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN,
                Map.of("Content-Type", "application/grpc"));
        assertThat(response.statusCode()).isEqualTo(200);
        List<String> seen = stubs.backendTe();
        return seen.get(seen.size() - 1);
    }

    /**
     * Sends the request line and the given header lines byte for byte, as HTTP clients
     * would normalise or refuse some paths and headers (Connection, Upgrade). A
     * {@code Connection} header given must close the connection, as the default one does.
     */
    protected String rawGet(String path, String... headers) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                .append("Authorization: Bearer " + StubServices.GOOD_TOKEN + "\r\n");
            boolean connection = false;
            for (String header : headers) {
                request.append(header).append("\r\n");
                connection |= header.regionMatches(true, 0, "Connection:", 0, 11);
            }
            OutputStream out = socket.getOutputStream();
            out.write(request.append(connection ? "" : "Connection: close\r\n")
                .append("\r\n")
                .toString()
                .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The name of the thread that is inside the blocking auth call, read from this JVM's
     * threads while a request waits for a slow auth-service.
     */
    protected String threadInTheBlockingAuthCall() throws Exception {
        stubs.authLatency(Duration.ofSeconds(1));
        CompletableFuture<HttpResponse<String>> request = http
            .sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/service/hello"))
                .header("Authorization", "Bearer " + StubServices.GOOD_TOKEN)
                .build(), HttpResponse.BodyHandlers.ofString());
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < deadline) {
                for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
                    if (Arrays.stream(thread.getValue())
                        .anyMatch(frame -> frame.getClassName().equals("dev.perflab.gateway.auth.BlockingAuthClient")
                                && frame.getMethodName().equals("callNow"))) {
                        return thread.getKey().getName();
                    }
                }
                Thread.sleep(20);
            }
            throw new AssertionError("no thread entered BlockingAuthClient.callNow");
        }
        finally {
            assertThat(request.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            stubs.authLatency(Duration.ZERO);
        }
    }

}
