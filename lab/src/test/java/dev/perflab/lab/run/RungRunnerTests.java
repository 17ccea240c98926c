package dev.perflab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.load.LatencySummary;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.runtime.Deployment;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.runtime.RuntimeKind;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.Endpoint;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.Target;

/**
 * The rung loop on its own, with a fake runtime and a fake load generator: what it
 * starts, how the warm-up decides, which sub-windows each planned measurement offers and
 * keeps, and what a failure in the middle leaves behind. The end-to-end tests run the
 * same loop on the real apps.
 */
class RungRunnerTests {

    private static final Scenario RUNG = new Scenario("rung", TargetKind.BACKEND, List.of(), null, "a fake rung");

    @TempDir
    Path dir;

    private final List<String> events = new ArrayList<>();

    private final StringWriter console = new StringWriter();

    private final PrintWriter out = new PrintWriter(console, true);

    @Test
    void theClosedLoopThenTheFixedRateRunInTheirSubWindowsWithTheSamplerRunningAndEverythingStartedIsStopped() {
        FakeGenerator wrk = new FakeGenerator("wrk", 2_000);
        FakeGenerator vegeta = new FakeGenerator("vegeta", 800);
        MeasurementPlan plan = MeasurementPlan
            .closedLoop(warmup(wrk, Duration.ofSeconds(15)), Duration.ofSeconds(20), windows(2))
            .withFixedRate(800, vegeta, Duration.ofSeconds(20), windows(2));

        RungResult result = runner(new FakeRuntime(), plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 2);

        assertThat(events).containsSubsequence("start", "prime", "scrape before", "sampler start", "wrk 10s", "wrk 10s",
                "vegeta 3s", "vegeta 10s", "vegeta 10s", "sampler close", "scrape after", "stop");
        assertThat(result.throughput().rps()).isEqualTo(2_000.0);
        assertThat(result.windows()).hasSize(2).allSatisfy(window -> assertThat(window.pass()).isEqualTo(2));
        assertThat(result.atRate().measured()).isTrue();
        assertThat(result.atRate().windows()).hasSize(2);
        assertThat(result.atRate().generator()).isEqualTo("vegeta 0.0");
        assertThat(dir.resolve("wrk.txt")).hasContent("wrk output");
        assertThat(dir.resolve("wrk-2.json")).exists();
        assertThat(dir.resolve("at-rate/settle.txt")).exists();
        assertThat(dir.resolve("at-rate/load-2.hdr")).exists();
        assertThat(console.toString()).contains("measured: 2,000 req/s").contains("at 800 req/s: 800 achieved");
    }

    @Test
    void whereTheRuntimeGivesNoJvmToReadTheWarmUpRunsToWarmupInWholePartsAndTheRungIsMeasuredAnyway() {
        FakeGenerator wrk = new FakeGenerator("wrk", 100, 200, 400, 800, 1_600);
        MeasurementPlan plan = MeasurementPlan.closedLoop(warmup(wrk, Duration.ofSeconds(12)), Duration.ofSeconds(10),
                windows(1));

        RungResult result = runner(new FakeRuntime(), plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 1);

        assertThat(events).containsSubsequence("wrk 5s", "prime", "wrk 5s", "prime", "wrk 2s", "prime", "scrape before",
                "wrk 10s");
        assertThat(result.warmup().steady()).isFalse();
        assertThat(result.warmup().probes()).containsExactly(100.0, 200.0, 400.0);
        assertThat(result.warmup().probeSeconds()).isEqualTo(5.0);
        assertThat(result.throughput().rps()).as("measured after WARMUP").isEqualTo(800.0);
        assertThat(result.warmup().reason())
            .isEqualTo("WARMUP ran out: the JVMs' compiler threads cannot be read on this runtime");
        assertThat(console.toString()).contains("warm-up part 3: 400 req/s")
            .contains("warm-up: not quiet within WARMUP, measuring anyway after ")
            .contains(" in 3 parts, WARMUP ran out");
    }

    @Test
    void theWarmUpReadsTheJvmsTheDeploymentCanReadEvenWithoutTheAttachApi() {
        FakeRuntime inContainers = new FakeRuntime();
        // a container's JVM by the pid this machine sees (this test's own JVM stands in):
        // readable in /proc, out of the attach API's reach
        inContainers.readable = Map.of("gateway", ProcessHandle.current().pid());
        FakeGenerator wrk = new FakeGenerator("wrk", 1_000);
        MeasurementPlan plan = MeasurementPlan.closedLoop(warmup(wrk, Duration.ofSeconds(5)), Duration.ofSeconds(10),
                windows(1));

        RungResult result = runner(inContainers, plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 1);

        assertThat(console.toString()).contains("warm-up part 1: 1,000 req/s, JIT's share of each JVM's CPU: gateway ")
            .doesNotContain("JVM counters:");
        assertThat(result.warmup().reason()).doesNotContain("cannot be read");
    }

    @Test
    void theFixedRateIsSkippedWithItsReasonWhenTheClosedLoopDidNotReachWellAboveIt() {
        FakeGenerator wrk = new FakeGenerator("wrk", 900);
        FakeGenerator vegeta = new FakeGenerator("vegeta", 800);
        MeasurementPlan plan = MeasurementPlan
            .closedLoop(warmup(wrk, Duration.ofSeconds(15)), Duration.ofSeconds(10), windows(1))
            .withFixedRate(800, vegeta, Duration.ofSeconds(20), windows(2));

        RungResult result = runner(new FakeRuntime(), plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 1);

        assertThat(result.atRate().measured()).isFalse();
        assertThat(result.atRate().skipped()).isEqualTo("the closed loop reached 900 req/s, less than 1.25 x RATE=800");
        assertThat(vegeta.offers).isEmpty();
        assertThat(dir.resolve("at-rate")).doesNotExist();
    }

    @Test
    void anAppFailingMidRungKeepsTheSubWindowsMeasuredBeforeItAndStopsEverythingTheRungStarted() {
        FakeGenerator wrk = new FakeGenerator("wrk", 2_000);
        wrk.failOnOffer = 5; // three warm-up probes, the first sub-window, then the
                             // second fails
        MeasurementPlan plan = MeasurementPlan.closedLoop(warmup(wrk, Duration.ofSeconds(15)), Duration.ofSeconds(30),
                windows(3));

        assertThatThrownBy(() -> runner(new FakeRuntime(), plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 1))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("connection refused");

        assertThat(dir.resolve("wrk.txt")).as("the first sub-window's output").hasContent("wrk output");
        assertThat(dir.resolve("wrk-2.txt")).doesNotExist();
        assertThat(events).containsSubsequence("sampler start", "sampler close", "stop");
    }

    @Test
    void aRungTheRuntimeCannotRunIsSkippedWithItsReasonAndNothingStarts() {
        FakeRuntime runtime = new FakeRuntime();
        runtime.unavailable = Optional.of("no nginx.url in the REMOTE file");

        RungResult result = runner(runtime,
                MeasurementPlan.closedLoop(warmup(new FakeGenerator("wrk", 1), Duration.ofSeconds(15)),
                        Duration.ofSeconds(10), windows(1)),
                FaultSchedule.none())
            .run(RUNG, dir, ".", "[1/3]", 1);

        assertThat(result.skipped()).isEqualTo("no nginx.url in the REMOTE file");
        assertThat(events).doesNotContain("start");
        assertThat(console.toString()).contains("[1/3] rung: skipped, no nginx.url in the REMOTE file");
    }

    @Test
    void faultsTheRuntimeCannotPostAreLeftOutWithOneLineAndTheRungRunsWithoutThem() {
        FakeRuntime runtime = new FakeRuntime();
        runtime.faultsUnavailable = Optional.of("the REMOTE file names no auth-service.url to post them to");

        RungResult result = runner(runtime,
                MeasurementPlan.closedLoop(warmup(new FakeGenerator("wrk", 1_000), Duration.ofSeconds(15)),
                        Duration.ofSeconds(10), windows(1)),
                FaultSchedule.parse("5s:latency=20ms"))
            .run(RUNG, dir, ".", "[1/1]", 1);

        assertThat(result.measured()).isTrue();
        assertThat(console.toString())
            .contains("FAULTS skipped: the REMOTE file names no auth-service.url to post them to");
        assertThat(dir.resolve("faults.log")).doesNotExist();
    }

    @Test
    void aCapacitySearchAtFixedRatesOffersEachStepInItsSubWindowsInsteadOfTheClosedLoop() {
        FakeGenerator wrk = new FakeGenerator("wrk", 1_000);
        List<Double> offered = new ArrayList<>();
        MeasurementPlan plan = MeasurementPlan.capacity(warmup(wrk, Duration.ofSeconds(15)), Slo.parse("p99:10ms"),
                List.of(200.0, 400.0), rate -> {
                    offered.add(rate);
                    return new FakeGenerator("vegeta", rate);
                }, List.of(), Duration.ofSeconds(20), windows(2));

        RungResult result = runner(new FakeRuntime(), plan, FaultSchedule.none()).run(RUNG, dir, ".", "[1/1]", 1);

        assertThat(offered).containsExactly(200.0, 400.0);
        assertThat(result.capacity().points()).hasSize(2);
        assertThat(result.capacity().rpsAtSlo()).as("both steps meet p99 10 ms (every fake request takes 1 ms)")
            .isEqualTo(400.0);
        assertThat(result.throughput()).as("no closed-loop windows").isNull();
        assertThat(dir.resolve("capacity/01-200-rps/load.txt")).exists();
        assertThat(dir.resolve("capacity/02-400-rps/load-2.txt")).exists();
        assertThat(dir.resolve("wrk.txt")).doesNotExist();
    }

    private RungRunner runner(FakeRuntime runtime, MeasurementPlan plan, FaultSchedule faults) {
        return new RungRunner(runtime, rung -> new FakeTarget(), plan, new RungRunner.Settings("1ms", faults, 2, 10),
                out);
    }

    private static MeasurementPlan.Warmup warmup(LoadGenerator generator, Duration max) {
        return new MeasurementPlan.Warmup(generator, Duration.ofSeconds(5), max);
    }

    private static List<Duration> windows(int count) {
        return java.util.Collections.nCopies(count, Duration.ofSeconds(10));
    }

    /**
     * Offers nothing: says it served {@code rps} for the whole duration, each request in
     * 1 ms, one rate after the other.
     */
    private final class FakeGenerator implements LoadGenerator {

        private final String name;

        private final Deque<Double> rates = new ArrayDeque<>();

        final List<Duration> offers = new ArrayList<>();

        int failOnOffer;

        boolean sleeps;

        FakeGenerator(String name, double... rps) {
            this.name = name;
            for (double r : rps) {
                rates.add(r);
            }
        }

        @Override
        public String version() {
            return name + " 0.0";
        }

        @Override
        public String describe() {
            return name;
        }

        @Override
        public LoadResult offer(URI url, String header, Duration duration) {
            offers.add(duration);
            events.add(name + " "
                    + (duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms"));
            if (offers.size() == failOnOffer) {
                throw new LabException("wrk: connection refused at " + url);
            }
            if (sleeps) {
                try {
                    Thread.sleep(duration.toMillis());
                }
                catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
            }
            double rps = rates.size() > 1 ? rates.poll() : rates.peek();
            long micros = duration.toNanos() / 1000;
            long requests = Math.round(rps * micros / 1e6);
            Histogram histogram = new Histogram(3);
            histogram.recordValueWithCount(1000, Math.max(1, requests));
            Map<String, Double> percentiles = new LinkedHashMap<>();
            List.of("50", "75", "90", "99", "99.9", "99.99").forEach(p -> percentiles.put(p, 1.0));
            return new LoadResult(requests, micros, 0, 0, requests, new LatencySummary(1, 1, 0, 1, percentiles),
                    histogram, name + " output", "{}");
        }

    }

    /** Starts nothing; records what the rung asked of it. */
    private final class FakeRuntime implements LabRuntime {

        Optional<String> unavailable = Optional.empty();

        Optional<String> faultsUnavailable = Optional.empty();

        /** What the deployment's warm-up may read: none, as on Kubernetes. */
        Map<String, Long> readable = Map.of();

        @Override
        public RuntimeKind kind() {
            return RuntimeKind.LOCAL;
        }

        @Override
        public Optional<String> unavailable(Target target, Scenario rung) {
            return unavailable;
        }

        @Override
        public Optional<String> faultsUnavailable() {
            return faultsUnavailable;
        }

        @Override
        public LaunchSpec withJProfiler(LaunchSpec gateway, Supplier<List<String>> agentJvmOptions) {
            return gateway;
        }

        @Override
        public Deployment start(Target target, Scenario rung, Path dir, PrintWriter out) {
            events.add("start");
            return new FakeDeployment(this);
        }

    }

    private final class FakeDeployment implements Deployment {

        private final FakeRuntime runtime;

        FakeDeployment(FakeRuntime runtime) {
            this.runtime = runtime;
        }

        @Override
        public Apps apps() {
            return new Apps() {
                @Override
                public List<? extends Endpoint> services() {
                    return List.of();
                }

                @Override
                public Optional<? extends Endpoint> find(Service service) {
                    return Optional.empty();
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public URI url() {
            return URI.create("http://127.0.0.1:1/hello");
        }

        @Override
        public StatsSampler sampler(Path file) {
            return new StatsSampler() {
                @Override
                public StatsSampler start() {
                    events.add("sampler start");
                    return this;
                }

                @Override
                public double ownCpuPercentOfOneCore() {
                    return 0.5;
                }

                @Override
                public void close() {
                    events.add("sampler close");
                }
            };
        }

        @Override
        public Optional<ProfiledProcess> gatewayProcess() {
            return Optional.empty();
        }

        @Override
        public Map<String, Long> readableJvms() {
            return runtime.readable;
        }

        @Override
        public void prime() {
            events.add("prime");
        }

        @Override
        public void scrape(Path dir, String when) {
            events.add("scrape " + when);
        }

        @Override
        public DoubleSupplier backendRequests() {
            return () -> 0;
        }

        @Override
        public void close() {
            events.add("stop");
        }

    }

    /** A target whose questions the fake runtime never asks. */
    private static final class FakeTarget implements Target {

        @Override
        public TargetKind kind() {
            return TargetKind.BACKEND;
        }

        @Override
        public String describe() {
            return " (fake)";
        }

        @Override
        public List<LaunchSpec> specs(String authLatency) {
            return List.of();
        }

        @Override
        public URI url(LabSystem apps, Extras extras) {
            throw new AssertionError("the fake runtime knows its URL");
        }

        @Override
        public URI url(RemoteConfig remote) {
            throw new AssertionError("the fake runtime knows its URL");
        }

    }

}
