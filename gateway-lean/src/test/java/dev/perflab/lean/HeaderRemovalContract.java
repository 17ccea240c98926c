package dev.perflab.lean;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a routed request and its answer lose on the way through a stock Spring Cloud
 * Gateway application, on a real port: hop-by-hop headers (and those the Connection
 * header names) both ways, and the Forwarded and X-Forwarded-* headers a client sent,
 * which no trusted proxy vouches for. Run against Spring Cloud Gateway's own header
 * filters ({@link LeanDefaultsTests}) and against the one-pass replacement
 * ({@link LeanSwitchedTests}), which must remove exactly the same.
 */
abstract class HeaderRemovalContract {

    static final String BACKEND_BODY = "Hello from the test backend";

    /** The header names of the last request the backend received. */
    private static volatile Set<String> backendHeaderNames = Set.of();

    private static DisposableServer backend;

    @LocalServerPort
    int port;

    @BeforeAll
    static void startBackend() {
        backend = HttpServer.create()
            .host("127.0.0.1")
            .port(0)
            .route(routes -> routes.get("/hello", (request, response) -> {
                backendHeaderNames = request.requestHeaders().names();
                if (request.uri().endsWith("?hop")) {
                    // two hop-by-hop headers a gateway must not pass on, and one it must
                    response.header("X-Application-Context", "stub")
                        .header("Proxy-Authenticate", "Basic")
                        .header("X-Kept-Answer", "yes");
                }
                return response.sendString(Mono.just(BACKEND_BODY));
            }))
            .bindNow();
    }

    @AfterAll
    static void stopBackend() {
        backend.disposeNow();
    }

    @DynamicPropertySource
    static void route(DynamicPropertyRegistry registry) {
        String route = "spring.cloud.gateway.server.webflux.routes[0].";
        registry.add(route + "id", () -> "service");
        registry.add(route + "uri", () -> "http://127.0.0.1:" + backend.port());
        registry.add(route + "predicates[0]", () -> "Path=/service/**");
        registry.add(route + "filters[0]", () -> "StripPrefix=1");
        // as the lab's gateway runs: the gateway adds no Forwarded or X-Forwarded-* of
        // its
        // own, and a request with Upgrade: websocket is routed as HTTP, not as a
        // handshake
        String gateway = "spring.cloud.gateway.server.webflux.";
        registry.add(gateway + "forwarded.enabled", () -> "false");
        registry.add(gateway + "x-forwarded.enabled", () -> "false");
        registry.add(gateway + "global-filter.websocket-routing.enabled", () -> "false");
    }

    @Test
    void theBackendSeesNeitherHopByHopNorForwardedHeadersAClientSent() throws IOException {
        String answer = rawGet("/service/hello", "Forwarded: for=203.0.113.7", "X-Forwarded-For: 203.0.113.7",
                "X-Forwarded-Host: attacker.example", "Proxy-Authorization: Basic eDp5", "X-Application-Context: c",
                "Upgrade: websocket", "Keep-Alive: timeout=5", "Connection: close, X-Drop-Me",
                "X-Drop-Me: named by Connection", "X-Kept: yes", "x-request-note: lower case kept");
        assertThat(answer).startsWith("HTTP/1.1 200").endsWith(BACKEND_BODY);
        Set<String> seen = backendHeaderNames.stream()
            .map(name -> name.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
        assertThat(seen).contains("x-kept", "x-request-note", "authorization", "host")
            .doesNotContain("forwarded", "x-forwarded-for", "x-forwarded-host", "proxy-authorization",
                    "x-application-context", "upgrade", "keep-alive", "x-drop-me", "te", "trailer");
    }

    @Test
    void theClientSeesNoHopByHopHeaderOfTheBackendsAnswer() throws IOException {
        String answer = rawGet("/service/hello?hop").toLowerCase(Locale.ROOT);
        assertThat(answer).startsWith("http/1.1 200")
            .contains("\r\nx-kept-answer: yes\r\n")
            .doesNotContain("x-application-context")
            .doesNotContain("proxy-authenticate");
    }

    /**
     * Sends the request line and the given header lines byte for byte, as HTTP clients
     * would normalise or refuse some headers (Connection, Upgrade). A {@code Connection}
     * header given must close the connection, as the default one does. The gateway's
     * GatewayWithStubs has its twin: sharing it would take a test-jar of this module,
     * which make trend's build (-Dmaven.test.skip=true) does not make.
     */
    private String rawGet(String path, String... headers) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                .append("Authorization: Bearer a-token\r\n");
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

}
