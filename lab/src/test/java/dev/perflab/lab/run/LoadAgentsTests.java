package dev.perflab.lab.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.VegetaInstaller;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two load agents as separate vegeta processes on this machine, sending from 127.0.0.1
 * and 127.0.0.2 (on Linux all of 127/8 is loopback) to a JDK HTTP server on 127.0.0.1
 * whose answers take a random 0 to 20 ms, so that the agents' latency distributions
 * differ and a merge that averaged percentiles would show.
 */
class LoadAgentsTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);

    private Server server;

    @TempDir
    Path kept;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void twoAgentsEachOfferHalfTheRateFromTheirOwnAddressAndTheStepsPercentilesAreThoseOfAllTheirRequests()
            throws IOException {
        server = Server.start();
        List<LoadAgent> agents = LoadAgent.check(List.of("127.0.0.1", "127.0.0.2"));
        assertThat(agents).extracting(LoadAgent::via).containsOnly(LoadAgent.LOCAL);
        int rate = 301;
        VegetaGenerator generator = new VegetaGenerator(ROOT, new VegetaGenerator.Load(rate, 0, Duration.ofSeconds(10)),
                out, List.of(), agents);
        List<LoadResult> windows = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (int window = 1; window <= 2; window++) {
            Path dir = kept.resolve("window-" + window);
            windows.add(generator.keepingResults(dir)
                .offer(server.url(), "Authorization: Bearer lab-token", Duration.ofSeconds(2)));
            files.add(dir.resolve("agent-1.bin"));
            files.add(dir.resolve("agent-2.bin"));
        }
        Point point = Results.point(rate, windows, Map.of());

        // each agent from its own address, at its half of the rate (151 + 150 = 301
        // req/s)
        assertThat(server.bySource()).containsOnlyKeys("127.0.0.1", "127.0.0.2");
        assertThat(point.agentRequests()).hasSize(2);
        assertThat(point.agentRequests().get(0)).isEqualTo(server.from("127.0.0.1"))
            .isBetween(2 * 151 * 2 - 20L, 2 * 151 * 2 + 2L);
        assertThat(point.agentRequests().get(1)).isEqualTo(server.from("127.0.0.2"))
            .isBetween(2 * 150 * 2 - 20L, 2 * 150 * 2 + 2L);
        assertThat(point.agentRequests().stream().mapToLong(Long::longValue).sum()).isEqualTo(point.requests())
            .isEqualTo(server.total());
        assertThat(point.errors()).isZero();
        assertThat(server.authorizations()).containsOnlyKeys("Bearer lab-token");

        // the union of both agents' requests, each latency from its intended send time,
        // read from
        // vegeta's own results here, apart from the lab's parser
        Histogram union = new Histogram(3);
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            int agentRate = i % 2 == 0 ? 151 : 150;
            for (long latency : VegetaResults.latenciesFromIntendedSend(ROOT, files.get(i), agentRate)) {
                union.recordValue(latency);
                all.add(latency);
            }
        }
        LoadResult whole = LoadResult.merge(windows);
        assertThat(whole.histogram().getTotalCount()).isEqualTo(point.requests()).isEqualTo(all.size());
        assertThat(whole.histogram()).isEqualTo(union);
        assertThat(point.p99Ms()).isEqualTo(Math.round(union.getValueAtPercentile(99) / 1000.0 * 1000) / 1000.0);
        long[] sorted = all.stream().mapToLong(Long::longValue).sorted().toArray();
        long exactP99 = sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
        assertThat(point.p99Ms() * 1000).isCloseTo(exactP99, org.assertj.core.data.Offset.offset(exactP99 * 0.001 + 1));

        // what summary.json says of the agents: each with every request it sent
        List<CapacityResult.Agent> counted = LoadAgent.counted(agents, List.of(point));
        assertThat(counted).extracting(CapacityResult.Agent::requests).containsExactlyElementsOf(point.agentRequests());
        JsonNode json = JSON.readTree(JSON.writeValueAsString(
                new CapacityResult("p99:10ms", rate, List.of(point), null, generator.version(), counted)));
        assertThat(json.path("agents")).hasSize(2);
        assertThat(json.path("agents").get(1).path("host").asString()).isEqualTo("127.0.0.2");
        assertThat(json.path("agents").get(1).path("engine").asString()).isEqualTo("vegeta " + VegetaInstaller.VERSION);
        assertThat(json.path("points").get(0).path("agent_requests")).hasSize(2);
    }

    @Test
    void anSshAgentIsRefusedALoopbackTargetBeforeAnythingRunsAndItsCommandsAreSshWithoutAPasswordPrompt() {
        LoadAgent remote = new LoadAgent("load-1.example", LoadAgent.SSH, "vegeta 12.13.0", null, null);
        VegetaGenerator generator = new VegetaGenerator(ROOT, new VegetaGenerator.Load(100, 0, Duration.ofSeconds(10)),
                out, List.of(), List.of(LoadAgent.check(List.of("127.0.0.1")).get(0), remote));
        assertThatThrownBy(() -> generator.offer(URI.create("http://127.0.0.1:1/hello"), null, Duration.ofSeconds(1)))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("agent host load-1.example (ssh) cannot send to http://127.0.0.1:1/hello");
    }

    @Test
    void theRateIsSplitSoItAddsUpAndAgentHostsAreOneLineWhenWrong() {
        assertThat(LoadAgent.split(301, 2)).containsExactly(151, 150);
        assertThat(LoadAgent.split(1000, 3)).containsExactly(334, 333, 333);
        assertThat(Arrays.stream(LoadAgent.split(997, 4)).sum()).isEqualTo(997);
        assertThatThrownBy(() -> LoadAgent.split(1, 2))
            .hasMessage("an offered rate of 1 req/s cannot be split over 2 load agents (at least 1 req/s each)");

        assertThat(LoadAgent.hosts("", "")).isEmpty();
        assertThat(LoadAgent.hosts("3", "")).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(LoadAgent.hosts("", "127.0.0.1, 127.0.0.2")).containsExactly("127.0.0.1", "127.0.0.2");
        assertThatThrownBy(() -> LoadAgent.hosts("0", "")).hasMessage("AGENTS must be 1 or more load agents, got 0");
        assertThatThrownBy(() -> LoadAgent.hosts("two", ""))
            .hasMessage("AGENTS must be the number of load agents, such as 2; 'two' is not one");
        assertThatThrownBy(() -> LoadAgent.hosts("2", "127.0.0.1"))
            .hasMessageStartingWith("AGENTS=2 but AGENT_HOSTS lists 1 host (127.0.0.1)");
        assertThatThrownBy(() -> LoadAgent.check(List.of("no-such-agent.invalid")))
            .hasMessage("AGENT_HOSTS: unknown host 'no-such-agent.invalid' (no address for it)");
        assertThatThrownBy(() -> LoadAgent.check(List.of("::1")))
            .hasMessageStartingWith("AGENT_HOSTS: ::1 is IPv6 loopback");
    }

    /**
     * Answers "hello" after a random 0 to 20 ms, counting requests by source address and
     * Authorization header.
     */
    private record Server(HttpServer http, ExecutorService threads, Map<String, AtomicLong> sources,
            Map<String, AtomicLong> tokens) {

        static Server start() {
            System.setProperty("sun.net.httpserver.nodelay", "true");
            try {
                HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
                ExecutorService threads = Executors.newCachedThreadPool();
                Server server = new Server(http, threads, new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
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
            sources.computeIfAbsent(exchange.getRemoteAddress().getAddress().getHostAddress(), key -> new AtomicLong())
                .incrementAndGet();
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            tokens.computeIfAbsent(authorization == null ? "(none)" : authorization, key -> new AtomicLong())
                .incrementAndGet();
            try {
                Thread.sleep(ThreadLocalRandom.current().nextInt(21));
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
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

        Map<String, AtomicLong> bySource() {
            return sources;
        }

        long from(String address) {
            AtomicLong count = sources.get(address);
            return count == null ? 0 : count.get();
        }

        long total() {
            return sources.values().stream().mapToLong(AtomicLong::get).sum();
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
