package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.JvmCounters;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pair's step (a pair is the smallest lineup): its verdicts, its reason for none, its
 * FAIL_ON gate; and a side's window as lab.json and pair.json write it.
 */
class PairStepTests {

    private static SideWindow side(long voluntary, Map<String, Long> byThread) {
        JvmCounters.Reading jvm = new JvmCounters.Reading(2_010_000, 1, 1, 4, 0, voluntary, voluntary, byThread);
        return new SideWindow(1_000, 0, 500, 1.0, 2.0, new Histogram(3), jvm);
    }

    @Test
    void aSideGivesItsBytesPerRequestByThreadGroupLargestFirstLeavingOutGroupsThatAllocatedNothing() {
        SideJson json = SideJson.of(side(300,
                Map.of("RMI TCP Connection(N)-N.N.N.N", 10_000L, "reactor-http-epoll-N", 2_000_000L, "idle", 0L)));
        assertThat(json.jvm().bytesPerRequest()).isEqualTo(2010.0);
        assertThat(json.jvm().bytesPerRequestByThread()).containsExactly(Map.entry("reactor-http-epoll-N", 2000.0),
                Map.entry("RMI TCP Connection(N)-N.N.N.N", 10.0));
        assertThat(json.jvm().voluntaryContextSwitches()).isEqualTo(300L);
    }

    @Test
    void switchesThatCouldNotBeReadAreNullNotMinusOne() {
        JsonNode json = RunFolder.JSON.valueToTree(SideJson.of(side(-1, Map.of())));
        assertThat(json.get("voluntary_context_switches").isNull()).isTrue();
        assertThat(json.get("involuntary_context_switches").isNull()).isTrue();
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
    private static SideWindow window(double cpuMs, long errors) {
        JvmCounters.Reading jvm = new JvmCounters.Reading(500_000_000, 1, 1, 4, 0, 10, 10, Map.of());
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(1000, 10_000);
        return new SideWindow(10_000, errors, cpuMs, 1.0, 2.0, latency, jvm);
    }

    /** A pair's passes: one duet A → B each, of one window; A fails {@code errorsA}. */
    private static List<LineupResult.Pass> passes(double[] cpuB, long errorsA) {
        List<LineupResult.Pass> passes = new ArrayList<>();
        for (int i = 0; i < cpuB.length; i++) {
            passes.add(pass(i + 1, window(1000, errorsA), window(cpuB[i], 0)));
        }
        return passes;
    }

    private static LineupResult.Pass pass(int number, SideWindow a, SideWindow b) {
        Map<String, SideWindow> both = new LinkedHashMap<>();
        both.put("A", a);
        both.put("B", b);
        LineupResult.Duet duet = LineupResult.Duet.of("A", "B",
                new WarmUp.Result(Duration.ZERO, 0, true, WarmUp.Load.FLAT), List.of(both),
                List.of(new Stage.Shared(100.0, 100.0, null)));
        return new LineupResult.Pass(number, true, List.of("A", "B"), List.of("A", "B"), List.of("A", "B"),
                List.of(duet), Map.of(), Map.of("A", 1, "B", 2));
    }

    private static LineupResult.Step step(int planned, List<LineupResult.Pass> passes) {
        return LineupResult.of(gated(planned), passes, Path.of("x")).pairStep();
    }

    private static GateLine line(LineupResult.Step step) {
        return dev.perflab.lab.pairedreport.PairReport.gate(step, "5%", "");
    }

    /**
     * The gate holds only on a verdict: B no costlier than A over four passes passes it,
     * B 20 % costlier fails it, and a pair in which a side failed 5 % of its requests
     * fails it too, saying that it cannot decide and why (it passed as "not significantly
     * costlier" on 67b510a). A pair is the smallest lineup: its one step carries them.
     */
    @Test
    void aGateThatCannotDecideFailsWithTheReasonInItsLine() {
        LineupResult.Step same = step(4, passes(new double[] { 990, 1010, 1000, 1005 }, 0));
        assertThat(same.gate().held()).isTrue();
        assertThat(line(same).toString()).startsWith("✓ FAIL_ON=5%: B is not significantly costlier than A");

        LineupResult.Step costlier = step(4, passes(new double[] { 1190, 1210, 1200, 1205 }, 0));
        assertThat(costlier.gate().held()).isFalse();
        assertThat(costlier.gate().decided()).isTrue();
        assertThat(line(costlier).toString()).startsWith("✗ FAIL_ON=5%: B is significantly costlier than A");

        List<LineupResult.Pass> failingPasses = passes(new double[] { 990, 1010, 1000, 1005 }, 500);
        LineupResult.Step failing = step(4, failingPasses);
        assertThat(failing.gate().held()).isFalse();
        assertThat(failing.gate().decided()).isFalse();
        assertThat(line(failing).toString())
            .isEqualTo("✗ FAIL_ON=5%: the gate cannot decide whether B is costlier than A in gateway CPU per "
                    + "request: A failed 2000 of 40000 requests (5.00 %, more than 0.1 %): no verdict");
        assertThat(GateLine.exitCode(List.of(line(failing)))).isEqualTo(GateLine.EXIT_GATE);
        assertThat(failing.verdicts().get(PairedMetric.CPU).describe()).as("not 'one pass': four were measured")
            .matches("\\d\\.\\d{3} × \\(no verdict\\)");
        tools.jackson.databind.JsonNode gate = dev.perflab.lab.run.RunFolder.JSON
            .valueToTree(PairJson.of(LineupResult.of(gated(4), failingPasses, Path.of("x"))))
            .path("gate");
        assertThat(gate.path("failed").asBoolean()).isTrue();
        assertThat(gate.path("decided").asBoolean()).isFalse();
    }

    @Test
    void aPassThatMeasuredNothingOrNoPassAtAllFailsTheGate() {
        List<LineupResult.Pass> silent = passes(new double[] { 1000, 1000 }, 0);
        silent.add(pass(3, window(1000, 0), window(0, 0)));
        LineupResult.Step unmeasured = step(3, silent);
        assertThat(unmeasured.gate().held()).isFalse();
        assertThat(unmeasured.gate().why()).contains("a pass in which B answered no request or used no CPU (pass 3)");
        assertThat(unmeasured.verdicts()).as("no ratio").isEmpty();
        LineupResult.Step none = step(3, List.of());
        assertThat(none.gate().held()).isFalse();
        assertThat(none.gate().why()).endsWith("no pass finished");
    }

    @Test
    void aSidesCostsAreDividedByTheRequestsItAnsweredNotByThoseItFailed() {
        SideWindow failing = window(1000, 5_000);
        assertThat(failing.answered()).isEqualTo(5_000);
        assertThat(failing.cpuMsPerRequest()).as("1,000 ms over 5,000 answers, not 10,000 requests").isEqualTo(0.2);
        assertThat(failing.bytesPerRequest()).isEqualTo(100_000.0);
        assertThat(window(1000, 0).cpuMsPerRequest()).isEqualTo(0.1);
    }

}
