package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LatencySummary;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.result.RungResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A sequential rung driven by the one warm-up, with a fake wrk and fake JVM clocks: each
 * part the rung flat out, every JVM read after it, its endpoints primed, and what the
 * rung's result keeps of it.
 */
class RungWarmUpTests {

    private static final URI URL = URI.create("http://localhost:1/hello");

    /** Where {@link #burn} puts its work, so that it is not optimised away. */
    private static volatile long sink;

    private final List<String> events = new ArrayList<>();

    private final StringWriter console = new StringWriter();

    /**
     * Two JVMs, "gateway" and "business-service"; the gateway's compiler threads use 30 %
     * of its CPU for {@code busy} parts, then 2 %; the backend's 1 % throughout.
     */
    private RungWarmUp.Clocks clocks(int busy) {
        int[] parts = { 0 };
        return new RungWarmUp.Clocks() {

            @Override
            public List<String> names() {
                return List.of("gateway", "business-service");
            }

            @Override
            public Supplier<Map<String, WarmUp.Reading>> mark() {
                events.add("mark");
                return () -> {
                    boolean compiling = parts[0]++ < busy;
                    Map<String, WarmUp.Reading> read = new LinkedHashMap<>();
                    read.put("gateway", new WarmUp.Reading(700, compiling ? 300 : 20));
                    read.put("business-service", new WarmUp.Reading(990, 10));
                    return read;
                };
            }

        };
    }

    private RungWarmUp rung(LoadGenerator wrk, RungWarmUp.Clocks clocks) {
        return new RungWarmUp(wrk, URL, "", clocks, () -> events.add("prime"), new PrintWriter(console, true));
    }

    @Test
    void theRungRunsFlatOutPartByPartUntilEveryJvmsJitIsQuietWithNoPartAfter() {
        RungWarmUp.Warmed warmed = rung(new Wrk(500, 1_800, 2_000, 2_100), clocks(2))
            .warm(new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), Duration.ofSeconds(5)));

        assertThat(events).containsExactly("mark", "wrk 5", "prime", "mark", "wrk 5", "prime", "mark", "wrk 5",
                "prime");
        assertThat(warmed.result().quiet()).isTrue();
        assertThat(warmed.result().parts()).isEqualTo(3);
        assertThat(warmed.probes()).containsExactly(500.0, 1_800.0, 2_000.0);
        assertThat(warmed.lastProbe(0)).isEqualTo(2_000.0);
        assertThat(warmed.reason())
            .isEqualTo("the JIT went quiet (at most 5 % of each process's CPU in the last part)");
        assertThat(console.toString())
            .contains(
                    "warm-up part 1: 500 req/s, JIT's share of each JVM's CPU: gateway 30 %, " + "business-service 1 %")
            .contains("warm-up: done after ")
            .contains(" in 3 parts");

        RungResult.WarmupSummary summary = Results.warmup(warmed);
        assertThat(summary.steady()).isTrue();
        assertThat(summary.probeSeconds()).isEqualTo(5.0);
        assertThat(summary.probes()).containsExactly(500.0, 1_800.0, 2_000.0);
        assertThat(summary.reason()).isEqualTo(warmed.reason());
    }

    @Test
    void aJitThatStaysBusyRunsTheRungToWarmup() {
        RungWarmUp.Warmed warmed = rung(new Wrk(1_000), clocks(Integer.MAX_VALUE))
            .warm(new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(12), Duration.ofSeconds(5)));

        assertThat(events).containsSubsequence("wrk 5", "wrk 5", "wrk 2").doesNotContain("wrk 3");
        assertThat(warmed.result().quiet()).isFalse();
        assertThat(warmed.reason()).isEqualTo("WARMUP ran out before the JIT went quiet");
        assertThat(console.toString()).contains("not quiet within WARMUP, measuring anyway");
    }

    @Test
    void aWarmUpWhoseEveryRequestFailedIsOneLineNamingTheUrl() {
        Wrk failing = new Wrk(1_000);
        failing.fails = true;
        assertThatThrownBy(() -> rung(failing, clocks(0))
            .warm(new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), Duration.ofSeconds(5))))
            .isInstanceOf(LabException.class)
            .hasMessage("every warm-up request failed (5000 errors) at " + URL + ": see the service logs");
    }

    /**
     * The JVMs a deployment gives, each read from /proc by the pid this machine sees
     * (this test's own JVM stands in for a container's): its CPU outside the compiler
     * threads, and theirs; a JVM that cannot be read is never quiet, so the warm-up runs
     * on.
     */
    @Test
    void eachJvmIsReadFromProcByItsPidAndOneThatCannotBeReadIsNeverQuiet() {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("gateway", ProcessHandle.current().pid());
        pids.put("auth-service", (long) Integer.MAX_VALUE);
        RungWarmUp.Clocks clocks = RungWarmUp.Clocks.of(pids);
        assertThat(clocks.names()).containsExactly("gateway", "auth-service");

        Supplier<Map<String, WarmUp.Reading>> since = clocks.mark();
        burn(200);
        Map<String, WarmUp.Reading> read = since.get();

        assertThat(read.get("gateway").cpuMs()).as("at least the 200 ms this thread burned").isGreaterThan(150);
        assertThat(read.get("gateway").jitMs()).as("a JVM's compiler threads, read").isNotNaN().isNotNegative();
        assertThat(read.get("auth-service")).as("above any pid_max").isEqualTo(WarmUp.Reading.UNKNOWN);
        assertThat(read.get("auth-service").quiet()).isFalse();
    }

    /** Spends {@code ms} of this thread's CPU. */
    private static void burn(long ms) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + ms * 1_000_000;
        while (threads.getCurrentThreadCpuTime() < until) {
            sink += System.nanoTime() % 7;
        }
    }

    @Test
    void aTenSecondWarmUpWouldHaveReadTheMeanOfTheFirstTwoFiveSecondProbes() {
        List<Double> probes = List.of(600.0, 1400.0, 2500.0, 2900.0, 2950.0, 2930.0);
        assertThat(RungResult.WarmupSummary.coldReading(probes, 5, 10)).isEqualTo(1000.0);
        assertThat(RungResult.WarmupSummary.coldReading(probes, 2, 10)).as("five 2 s probes").isEqualTo(2070.0);
        assertThat(RungResult.WarmupSummary.coldReading(List.of(600.0), 5, 10)).as("the probes do not cover 10 s")
            .isNull();
        assertThat(RungResult.WarmupSummary.coldReading(probes, 0, 10)).as("unknown probe length").isNull();
    }

    /** Says it served each rate in turn for the whole part, each request in 1 ms. */
    private final class Wrk implements LoadGenerator {

        private final Deque<Double> rates = new ArrayDeque<>();

        boolean fails;

        Wrk(double... rps) {
            for (double r : rps) {
                rates.add(r);
            }
        }

        @Override
        public String version() {
            return "wrk 0.0";
        }

        @Override
        public String describe() {
            return "wrk";
        }

        @Override
        public LoadResult offer(URI url, String header, Duration duration) {
            events.add("wrk " + duration.toSeconds());
            double rps = rates.size() > 1 ? rates.poll() : rates.peek();
            long micros = duration.toNanos() / 1000;
            long requests = Math.round(rps * micros / 1e6);
            Histogram histogram = new Histogram(3);
            histogram.recordValueWithCount(1000, Math.max(1, requests));
            Map<String, Double> percentiles = new LinkedHashMap<>();
            List.of("50", "99").forEach(p -> percentiles.put(p, 1.0));
            return new LoadResult(requests, micros, fails ? requests : 0, 0, fails ? 0 : requests,
                    new LatencySummary(1, 1, 0, 1, percentiles), histogram, "wrk output", "{}");
        }

    }

}
