package dev.perflab.lab.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TOKEN_HEADER as the server sees it: any header line, sent by the real wrk (through
 * wrk/summary.lua) and the real vegeta.
 */
class TokenHeaderTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private HttpServer server;

    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    private final Set<String> authorizations = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = AnsweringServer.start(exchange -> {
            seen.add(String.valueOf(exchange.getRequestHeaders().getFirst("X-Api-Key")));
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            return 200;
        });
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI url() {
        return AnsweringServer.url(server, "/api/hello?x=1");
    }

    @Test
    void wrkSendsTheHeaderLineAsGiven() {
        LoadResult result = new WrkGenerator(ROOT.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(1, 2, Duration.ofSeconds(5)))
            .offer(url(), "X-Api-Key: secret with spaces", Duration.ofSeconds(1));
        assertThat(result.requests()).isPositive();
        assertThat(result.errors()).isZero();
        assertThat(seen).containsExactly("secret with spaces");
        assertThat(authorizations).containsExactly("null");
    }

    @Test
    void vegetaSendsTheHeaderLineAsGiven() {
        new VegetaGenerator(ROOT, new VegetaGenerator.Load(50, 0, Duration.ofSeconds(10)),
                new PrintWriter(System.out, true, StandardCharsets.UTF_8))
            .offer(url(), "X-Api-Key: secret with spaces", Duration.ofSeconds(1));
        assertThat(seen).containsExactly("secret with spaces");
        assertThat(authorizations).containsExactly("null");
    }

    @Test
    void theDefaultIsTheLabsBearerToken() {
        new WrkGenerator(ROOT.resolve("wrk/summary.lua"), new WrkGenerator.Load(1, 1, Duration.ofSeconds(5)))
            .offer(url(), dev.perflab.lab.targets.Targets.HEADER, Duration.ofSeconds(1));
        assertThat(authorizations).containsExactly("Bearer lab-token");
        assertThat(VegetaGenerator.target(url(), "X-Api-Key: k")).isEqualTo("GET " + url() + "\nX-Api-Key: k\n\n");
    }

}
