package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;

class PairResultTests {

    private static PairResult.SideWindow side(long voluntary, Map<String, Long> byThread) {
        JvmCounters.Reading jvm = new JvmCounters.Reading(2_010_000, 1, 1, 4, 0, voluntary, voluntary, byThread);
        return new PairResult.SideWindow(1_000, 0, 500, 1.0, 2.0, new Histogram(3), jvm);
    }

    @Test
    void aSideGivesItsBytesPerRequestByThreadGroupLargestFirstLeavingOutGroupsThatAllocatedNothing() {
        Map<String, Object> json = side(300,
                Map.of("RMI TCP Connection(N)-N.N.N.N", 10_000L, "reactor-http-epoll-N", 2_000_000L, "idle", 0L))
            .json();
        assertThat(json.get("bytes_per_request")).isEqualTo(2010.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> byThread = (Map<String, Object>) json.get("bytes_per_request_by_thread");
        assertThat(byThread).containsExactly(Map.entry("reactor-http-epoll-N", 2000.0),
                Map.entry("RMI TCP Connection(N)-N.N.N.N", 10.0));
        assertThat(json.get("voluntary_context_switches")).isEqualTo(300L);
    }

    @Test
    void switchesThatCouldNotBeReadAreNullNotMinusOne() {
        Map<String, Object> json = side(-1, Map.of()).json();
        assertThat(json).containsEntry("voluntary_context_switches", null)
            .containsEntry("involuntary_context_switches", null);
    }

    private static final Side REACTIVE = Side.labGateway("A", List.of("reactive"));

    private static LineupPlan gated(int passes) {
        return LineupPlan.pair(REACTIVE, Side.labGateway("B", List.of("reactive")), 400, passes,
                List.of(Duration.ofSeconds(10)), Duration.ZERO, Duration.ofSeconds(5), WarmUp.Load.FLAT,
                Duration.ofSeconds(10), 1,
                new SideSettings(Path.of("."), List.of(), Duration.ofSeconds(60), "/service/hello", null), "1ms",
                Path.of("results"), 0.05, "5%");
    }

    /**
     * A side's window: {@code cpuMs} over 10,000 requests, {@code errors} of them failed.
     */
    private static PairResult.SideWindow window(double cpuMs, long errors) {
        JvmCounters.Reading jvm = new JvmCounters.Reading(500_000_000, 1, 1, 4, 0, 10, 10, Map.of());
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(1000, 10_000);
        return new PairResult.SideWindow(10_000, errors, cpuMs, 1.0, 2.0, latency, jvm);
    }

    private static List<PairResult.Pass> passes(double[] cpuB, long errorsA) {
        List<PairResult.Pass> passes = new ArrayList<>();
        for (int i = 0; i < cpuB.length; i++) {
            PairResult.Window both = new PairResult.Window(window(1000, errorsA), window(cpuB[i], 0), 100.0, 100.0,
                    null);
            passes.add(PairResult.Pass.of(i + 1, 1, 2, "A", "A",
                    new WarmUp.Result(Duration.ZERO, 0, true, WarmUp.Load.FLAT), List.of(both)));
        }
        return passes;
    }

    private static GateLine line(PairResult result) {
        return dev.perflab.lab.pairedreport.PairReport.gate(result, "5%", "");
    }

    /**
     * The gate holds only on a verdict: B no costlier than A over four passes passes it,
     * B 20 % costlier fails it, and a pair in which a side failed 5 % of its requests
     * fails it too, saying that it cannot decide and why (it passed as "not significantly
     * costlier" on 67b510a).
     */
    @Test
    void aGateThatCannotDecideFailsWithTheReasonInItsLine() {
        PairResult same = PairResult.of(gated(4), passes(new double[] { 990, 1010, 1000, 1005 }, 0), Path.of("x"));
        assertThat(same.gate().held()).isTrue();
        assertThat(line(same).toString()).startsWith("✓ FAIL_ON=5%: B is not significantly costlier than A");

        PairResult costlier = PairResult.of(gated(4), passes(new double[] { 1190, 1210, 1200, 1205 }, 0), Path.of("x"));
        assertThat(costlier.gate().held()).isFalse();
        assertThat(costlier.gate().decided()).isTrue();
        assertThat(line(costlier).toString()).startsWith("✗ FAIL_ON=5%: B is significantly costlier than A");

        PairResult failing = PairResult.of(gated(4), passes(new double[] { 990, 1010, 1000, 1005 }, 500), Path.of("x"));
        assertThat(failing.gate().held()).isFalse();
        assertThat(failing.gate().decided()).isFalse();
        assertThat(line(failing).toString())
            .isEqualTo("✗ FAIL_ON=5%: the gate cannot decide whether B is costlier than A in gateway CPU per "
                    + "request: A failed 2000 of 40000 requests (5.00 %, more than 0.1 %): no verdict");
        assertThat(GateLine.exitCode(List.of(line(failing)))).isEqualTo(GateLine.EXIT_GATE);
        assertThat(failing.verdicts().get(PairedMetric.CPU).describe()).as("not 'one pass': four were measured")
            .matches("\\d\\.\\d{3} × \\(no verdict\\)");
        @SuppressWarnings("unchecked")
        Map<String, Object> gate = (Map<String, Object>) failing.json().get("gate");
        assertThat(gate).containsEntry("failed", true).containsEntry("decided", false);
    }

    @Test
    void aPassThatMeasuredNothingOrNoPassAtAllFailsTheGate() {
        List<PairResult.Pass> silent = passes(new double[] { 1000, 1000 }, 0);
        PairResult.Window nothing = new PairResult.Window(window(1000, 0), window(0, 0), 100.0, 100.0, null);
        silent.add(PairResult.Pass.of(3, 1, 2, "A", "A", new WarmUp.Result(Duration.ZERO, 0, true, WarmUp.Load.FLAT),
                List.of(nothing)));
        PairResult unmeasured = PairResult.of(gated(3), silent, Path.of("x"));
        assertThat(unmeasured.gate().held()).isFalse();
        assertThat(unmeasured.gate().why()).contains("one side answered no request, or used no CPU");
        PairResult none = PairResult.of(gated(3), List.of(), Path.of("x"));
        assertThat(none.gate().held()).isFalse();
        assertThat(none.gate().why()).endsWith("no pass finished");
    }

    @Test
    void aSidesCostsAreDividedByTheRequestsItAnsweredNotByThoseItFailed() {
        PairResult.SideWindow failing = window(1000, 5_000);
        assertThat(failing.answered()).isEqualTo(5_000);
        assertThat(failing.cpuMsPerRequest()).as("1,000 ms over 5,000 answers, not 10,000 requests").isEqualTo(0.2);
        assertThat(failing.bytesPerRequest()).isEqualTo(100_000.0);
        assertThat(window(1000, 0).cpuMsPerRequest()).isEqualTo(0.1);
    }

}
