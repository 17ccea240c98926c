package dev.perflab.lab.load;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The real vegeta (installed into tools/ on first use) against a JDK HTTP server on a
 * random loopback port; the closed loop for comparison is the lab's real wrk.
 */
class VegetaGeneratorTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final long HALF_SECOND_MICROS = 500_000;

    private final PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);

    private Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void sendsAtTheOfferedRateWithTheBearerTokenAsWrkSendsIt() {
        server = Server.start(Duration.ZERO, Duration.ZERO, Duration.ZERO);
        OpenModelResult open = new VegetaGenerator(ROOT, new VegetaGenerator.Load(200, 0, Duration.ofSeconds(10)), out)
            .measure(server.url(), "Authorization: Bearer lab-token", Duration.ofSeconds(3));

        // Measured spread (2026-11-27, this machine, 180 runs: 120 quiet, 60 beside two
        // busy loops on both cores): 600 requests every time, achieved 199.87-199.99
        // req/s
        // (sd 0.03). The bounds below are hundreds of sd away: they fail on a pacer or a
        // count that is wrong, not on noise.
        assertThat(open.offeredRps()).isEqualTo(200);
        assertThat(open.achievedRps()).isGreaterThanOrEqualTo(0.9 * 200);
        assertThat(open.result().errors()).isZero();
        assertThat(open.result().requests()).isEqualTo(server.requests()).isBetween(540L, 620L);
        assertThat(open.result().histogram().getTotalCount()).isEqualTo(open.result().requests());
        assertThat(server.authorizations()).containsOnlyKeys("Bearer lab-token");
        assertThat(open.result().summaryJson()).startsWith("{").contains("\"requests\":" + open.result().requests());
        assertThat(open.result().output()).contains("Requests").contains("Latencies");
    }

    @Test
    void withoutATokenNoAuthorizationHeaderIsSent() {
        server = Server.start(Duration.ZERO, Duration.ZERO, Duration.ZERO);
        new VegetaGenerator(ROOT, new VegetaGenerator.Load(50, 0, Duration.ofSeconds(10)), out).offer(server.url(),
                null, Duration.ofSeconds(1));
        assertThat(server.requests()).isPositive();
        assertThat(server.authorizations()).containsOnlyKeys("(none)");
    }

    /**
     * The proof of coordinated-omission freedom: every answer stalls for 1 s while the
     * server is 2 to 4 s into the run. At 100 requests per second about 200 requests are
     * due in the stall, and the open model sends them all and counts each at about 1 s. A
     * closed loop of 10 connections sends one request per connection per stalled second,
     * so at most 30 of its requests meet the stall (wrk 4 then adds synthetic samples
     * after the run, from its mean interval per connection; the requests it did not send
     * are the omission).
     */
    @Test
    void aStallShowsInTheOpenModelsP99AndReachesEveryRequestDueInIt() {
        Duration from = Duration.ofSeconds(2);
        Duration until = Duration.ofSeconds(4);
        Duration stall = Duration.ofSeconds(1);
        server = Server.start(from, until, stall);
        OpenModelResult open = new VegetaGenerator(ROOT, new VegetaGenerator.Load(100, 0, Duration.ofSeconds(10)), out)
            .measure(server.url(), null, Duration.ofSeconds(6));
        Histogram latency = open.result().histogram();

        assertThat(open.result().errors()).isZero();
        assertThat(open.result().latency().percentile("99")).isGreaterThanOrEqualTo(500);
        // measured (75 runs, 25 beside two busy loops): 199-201 stalled, every one of
        // them
        // counted above 0.5 s and none more; the closed loop met the stall 20 times in
        // each
        assertThat(server.stalled()).isBetween(160L, 240L);
        // every stalled request counts at about 1 s; on a loaded CI machine a few sent
        // just before the stall also wait
        // behind it past 0.5 s (207 for 201 stalled was seen), so 5 % either way; a
        // closed loop would show at most 30
        long slack = Math.max(5, server.stalled() / 20);
        assertThat(latency.getCountBetweenValues(HALF_SECOND_MICROS, latency.getMaxValue()))
            .isBetween(server.stalled() - slack, server.stalled() + slack);

        server.stop();
        server = Server.start(from, until, stall);
        int connections = 10;
        LoadResult closed = new WrkGenerator(ROOT.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(1, connections, Duration.ofSeconds(10)))
            .offer(server.url(), null, Duration.ofSeconds(6));

        assertThat(closed.requests()).isGreaterThan(open.result().requests());
        assertThat(server.stalled()).isBetween(1L, 3L * connections);
    }

    @Test
    void loadValuesOutsideTheirRangeAreOneLine() {
        assertThatThrownBy(() -> new VegetaGenerator.Load(0, 0, Duration.ofSeconds(10)))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("at least 1 request per second");
        assertThatThrownBy(() -> new VegetaGenerator.Load(100, -1, Duration.ofSeconds(10)))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("connection limit");
        assertThatThrownBy(() -> new VegetaGenerator.Load(100, 0, Duration.ofMillis(500)))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("timeout must be at least 1s");
    }

    /**
     * An ssh agent's attack: ssh without a password prompt, results on its stdout (no
     * -output), no source address; a local agent sends from its own.
     */
    @Test
    void anSshAgentAttacksOverSshWithItsResultsOnStdoutAndALocalAgentFromItsAddress() {
        LoadAgent remote = new LoadAgent("load-1.example", LoadAgent.SSH, "vegeta 12.13.0", null, null);
        LoadAgent local = new LoadAgent("127.0.0.2", LoadAgent.LOCAL, "vegeta 12.13.0", "127.0.0.2", null);
        VegetaGenerator generator = new VegetaGenerator(ROOT, new VegetaGenerator.Load(301, 0, Duration.ofSeconds(10)),
                out, List.of("taskset", "-c", "1"), List.of(local, remote));
        Path vegeta = Path.of("/lab/tools/vegeta");
        assertThat(generator.attackCommand(vegeta, remote, 150, Duration.ofSeconds(5), Path.of("/tmp/agent-2.bin")))
            .containsExactly("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "load-1.example", "vegeta",
                    "attack", "-rate=150/1s", "-duration=5000ms", "-timeout=10000ms", "-max-body=0");
        assertThat(generator.attackCommand(vegeta, local, 151, Duration.ofSeconds(5), Path.of("/tmp/agent-1.bin")))
            .containsExactly("taskset", "-c", "1", "/lab/tools/vegeta", "attack", "-rate=151/1s", "-duration=5000ms",
                    "-timeout=10000ms", "-max-body=0", "-output=/tmp/agent-1.bin", "-laddr=127.0.0.2");
        assertThat(LoadAgent.sshCheck("load-1.example")).containsExactly("ssh", "-o", "BatchMode=yes", "-o",
                "ConnectTimeout=10", "load-1.example", "vegeta", "-version");
        assertThat(LoadAgent.engine("Version: v12.12.0\nCommit: 1a2b\n")).isEqualTo("vegeta 12.12.0");
        assertThat(LoadAgent.engine("Version: \nCommit: \nRuntime: go1.26.8 linux/amd64\n"))
            .isEqualTo("vegeta (no version stamped in the binary)");
        assertThat(generator.version()).isEqualTo("vegeta " + VegetaInstaller.VERSION + ", 2 agents");
    }

    @Test
    void theClosedLoopRunsExactlyItsWorkersAtRateZero() {
        VegetaGenerator closed = new VegetaGenerator(ROOT,
                VegetaGenerator.Load.closedLoop(20, 200, Duration.ofSeconds(10)), out);
        assertThat(closed.attackCommand(Path.of("/lab/tools/vegeta"), null, 0, Duration.ofSeconds(5),
                Path.of("/tmp/agent-1.bin")))
            .containsSequence("attack", "-rate=0/1s")
            .containsSequence("-workers=20", "-max-workers=20")
            .contains("-max-connections=200");
        assertThat(closed.describe()).startsWith("vegeta attack -rate=0 -workers=20 (closed loop)");
        assertThatThrownBy(() -> new VegetaGenerator.Load(100, 0, Duration.ofSeconds(10), 5))
            .isInstanceOf(LabException.class)
            .hasMessage("a fixed rate takes no closed-loop workers, got 5");
    }

    @Test
    void readsTheGoMinorVersionAnOldGoIsRefusedWith() {
        assertThat(VegetaInstaller.parseGoMinor("go1.26.8")).isEqualTo(26);
        assertThat(VegetaInstaller.parseGoMinor("go1.19.8")).isEqualTo(19);
        assertThat(VegetaInstaller.parseGoMinor("go1.22rc1")).isZero();
        assertThat(VegetaInstaller.parseGoMinor("devel go1.23-abc")).isZero();
        assertThat(VegetaInstaller.missingGo("Go 1.19 is too old")).contains("Go 1.21 or newer").doesNotContain("\n");
    }

    /**
     * Answers "hello"; answers to requests arriving between {@code from} and
     * {@code until} after the first one wait {@code stall}.
     */
    private record Server(HttpServer http, ExecutorService threads, Duration from, Duration until, Duration stall,
            AtomicLong first, AtomicLong requestCount, AtomicLong stalledCount, Map<String, AtomicLong> tokens) {

        static Server start(Duration from, Duration until, Duration stall) {
            // Without it the JDK server writes the headers and the body apart, and
            // Nagle's algorithm
            // meets the client's delayed ACK: 40 ms per answer.
            System.setProperty("sun.net.httpserver.nodelay", "true");
            try {
                HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
                ExecutorService threads = Executors.newCachedThreadPool();
                Server server = new Server(http, threads, from, until, stall, new AtomicLong(), new AtomicLong(),
                        new AtomicLong(), new ConcurrentHashMap<>());
                http.createContext("/", server::answer);
                http.setExecutor(threads);
                http.start();
                return server;
            }
            catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        }

        private void answer(HttpExchange exchange) throws IOException {
            long now = System.nanoTime();
            first.compareAndSet(0, now);
            long into = now - first.get();
            requestCount.incrementAndGet();
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            tokens.computeIfAbsent(authorization == null ? "(none)" : authorization, key -> new AtomicLong())
                .incrementAndGet();
            if (into >= from.toNanos() && into < until.toNanos()) {
                stalledCount.incrementAndGet();
                try {
                    Thread.sleep(stall.toMillis());
                }
                catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(body);
            }
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/hello");
        }

        long requests() {
            return requestCount.get();
        }

        long stalled() {
            return stalledCount.get();
        }

        Map<String, AtomicLong> authorizations() {
            return tokens;
        }

        void stop() {
            http.stop(0);
            threads.shutdownNow();
        }
    }

}
