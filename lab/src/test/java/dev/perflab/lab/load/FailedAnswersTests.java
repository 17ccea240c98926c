package dev.perflab.lab.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Req/s counts answers with a 2xx/3xx status only; answers outside it and socket errors
 * are counted apart. The real wrk (through wrk/summary.lua) and the real vegeta against a
 * server that answers every second request with 500, and against a port nobody listens
 * on.
 */
class FailedAnswersTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private HttpServer server;

    private final AtomicLong served = new AtomicLong();

    @BeforeEach
    void start() throws IOException {
        server = AnsweringServer.start(exchange -> served.incrementAndGet() % 2 == 0 ? 500 : 200);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI url() {
        return AnsweringServer.url(server, "/api/hello");
    }

    @Test
    void wrkCountsOnlyTheSuccessfulAnswersAsReqPerSecondAndTheFailedOnesApart() {
        LoadResult result = new WrkGenerator(ROOT.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(1, 2, Duration.ofSeconds(5)))
            .offer(url(), "X-Api-Key: k", Duration.ofSeconds(1));
        assertHalfFailed(result);
    }

    @Test
    void vegetaCountsOnlyTheSuccessfulAnswersAsReqPerSecondAndTheFailedOnesApart() {
        LoadResult result = new VegetaGenerator(ROOT, new VegetaGenerator.Load(200, 0, Duration.ofSeconds(10)),
                new PrintWriter(System.out, true, StandardCharsets.UTF_8))
            .offer(url(), "X-Api-Key: k", Duration.ofSeconds(1));
        assertHalfFailed(result);
    }

    private static void assertHalfFailed(LoadResult result) {
        assertThat(result.requests()).as("answers").isGreaterThan(20);
        assertThat(result.socketErrors()).isZero();
        // the server alternates 200 and 500 over every request it serves; the
        // generator's count may miss the ones still in flight as it stops
        assertThat((double) result.failedAnswers()).isCloseTo(result.requests() / 2.0, within(3.0));
        assertThat(result.successes()).isEqualTo(result.requests() - result.failedAnswers());
        assertThat(result.requestsPerSecond()).isCloseTo(result.successes() / (result.durationMicros() / 1e6),
                within(0.01));
        assertThat(result.errorsText())
            .isEqualTo(result.errors() + " errors (" + result.failedAnswers() + " non-2xx, 0 socket)");
    }

    /**
     * wrk counts an answer that came after its --timeout as a request, and leaves its
     * latency out of the histogram (counting it as a timeout instead): such an answer is
     * no success, so a server slower than TIMEOUT on every request reads no req/s.
     */
    @Test
    void wrkCountsAnswersSlowerThanTheTimeoutAsErrorsNotAsReqPerSecond() throws Exception {
        HttpServer slow = HttpServer.create(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        slow.setExecutor(pool);
        slow.createContext("/", exchange -> {
            try {
                Thread.sleep(1500);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "late".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (java.io.OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        slow.start();
        try {
            LoadResult result = new WrkGenerator(ROOT.resolve("wrk/summary.lua"),
                    new WrkGenerator.Load(1, 2, Duration.ofSeconds(1)))
                .offer(AnsweringServer.url(slow, "/late"), "X-Api-Key: k", Duration.ofSeconds(4));
            assertThat(result.requests()).as("wrk counted the late answers as requests: " + result.summaryJson())
                .isPositive();
            assertThat(result.errors()).as(result.summaryJson()).isPositive();
            assertThat(result.successes()).as("an answer after TIMEOUT is no success").isZero();
            assertThat(result.requestsPerSecond()).isZero();
        }
        finally {
            slow.stop(0);
            pool.shutdownNow();
        }
    }

    @Test
    void aServerThatClosesEveryConnectionUnansweredIsSocketErrorsAndNoReqPerSecond() throws Exception {
        try (ServerSocket hangUp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!hangUp.isClosed()) {
                    try {
                        hangUp.accept().close();
                    }
                    catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            URI unanswered = URI.create("http://127.0.0.1:" + hangUp.getLocalPort() + "/");
            LoadResult wrk = new WrkGenerator(ROOT.resolve("wrk/summary.lua"),
                    new WrkGenerator.Load(1, 1, Duration.ofSeconds(5)))
                .offer(unanswered, "X-Api-Key: k", Duration.ofSeconds(1));
            LoadResult vegeta = new VegetaGenerator(ROOT, new VegetaGenerator.Load(20, 0, Duration.ofSeconds(2)),
                    new PrintWriter(System.out, true, StandardCharsets.UTF_8))
                .offer(unanswered, "X-Api-Key: k", Duration.ofSeconds(1));
            for (LoadResult result : java.util.List.of(wrk, vegeta)) {
                assertThat(result.socketErrors()).as(result.summaryJson()).isPositive().isEqualTo(result.errors());
                assertThat(result.failedAnswers()).isZero();
                assertThat(result.successes()).isZero();
                assertThat(result.requestsPerSecond()).isZero();
            }
        }
    }

}
