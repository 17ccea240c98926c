package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.PairedRatio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * CPU per request with each gateway's young collections spread at its rate: on windows
 * whose cost a collection raises by a known share, the run reads that share, a pass's
 * level does not enter it, the lumps leave the per-pass ratios, and a rung that collects
 * more often stays costlier by what that costs.
 */
class GcSpreadTests {

    /** What a young collection in a window adds to its log cost. */
    private static final double PER_COLLECTION = Math.log(1.03);

    /** Each pass's level, both sides alike (the machine's minute). */
    private static final double[] PASS_LEVEL = { 1.20, 0.95, 1.05, 1.00 };

    /**
     * Young collections of A and B in each pass's two windows: A's in pass 1 fell in both
     * windows, as its pass's level is highest (a slope across passes would read them
     * together); B collects in every window but two, A in half of them.
     */
    private static final int[][] A_GCS = { { 1, 1 }, { 0, 1 }, { 1, 0 }, { 0, 0 } };

    private static final int[][] B_GCS = { { 1, 1 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

    private static SideWindow side(double costMs, int gcs) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(1_000, 3_200);
        long requests = 3_200;
        return new SideWindow(requests, 0, costMs * requests, 1.0, 2.0, latency,
                new JvmCounters.Reading(90_000 * requests, gcs, gcs, 5L * gcs, 10, 0, 0, Map.of()));
    }

    private static SideWindow nginx(double costMs) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(700, 3_200);
        return new SideWindow(3_200, 0, costMs * 3_200, 0.7, 1.0, latency, null);
    }

    private static List<LineupResult.Pass> passes() {
        List<LineupResult.Pass> passes = new ArrayList<>();
        for (int p = 0; p < PASS_LEVEL.length; p++) {
            List<Map<String, SideWindow>> step = new ArrayList<>();
            List<Map<String, SideWindow>> versus = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                Map<String, SideWindow> both = new LinkedHashMap<>();
                both.put("A", side(0.40 * PASS_LEVEL[p] * Math.exp(PER_COLLECTION * A_GCS[p][w]), A_GCS[p][w]));
                both.put("B", side(0.36 * PASS_LEVEL[p] * Math.exp(PER_COLLECTION * B_GCS[p][w]), B_GCS[p][w]));
                step.add(both);
                Map<String, SideWindow> reference = new LinkedHashMap<>();
                reference.put("nginx", nginx(0.10 * PASS_LEVEL[p] * (1 + 0.01 * w)));
                reference.put("B", both.get("B"));
                versus.add(reference);
            }
            WarmUp.Result warm = new WarmUp.Result(Duration.ofSeconds(40), 8, true, WarmUp.Load.FLAT);
            List<LineupResult.Duet> duets = List.of(LineupResult.Duet.of("A", "B", warm, step, List.of()),
                    LineupResult.Duet.of("nginx", "B", warm, versus, List.of()));
            passes.add(new LineupResult.Pass(p + 1, p % 2 == 0, List.of("A", "B", "nginx"), List.of("A", "B", "nginx"),
                    List.of("A", "B", "nginx"), duets, Map.of(), Map.of()));
        }
        return passes;
    }

    @Test
    void theRunReadsWhatACollectionCostsWithinEachSidesPassAndEachRungsRate() {
        GcSpread spread = GcSpread.of(passes());
        assertThat(spread.perCollection()).isCloseTo(PER_COLLECTION, within(1e-9));
        // B's windows in both of its duets: 6 of 8 with a collection
        assertThat(spread.perWindow()).containsEntry("A", 4 / 8.0).containsEntry("B", 6 / 8.0);
        assertThat(spread.perWindow()).doesNotContainKey("nginx");
    }

    @Test
    void theLumpsLeaveThePassesAndARungThatCollectsMoreStaysCostlierByWhatThatCosts() {
        List<LineupResult.Pass> passes = passes();
        GcSpread spread = GcSpread.of(passes);
        double expected = 0.36 / 0.40 * Math.exp(PER_COLLECTION * (6 / 8.0 - 4 / 8.0));
        PairedRatio raw = PairedRatio.of(
                passes.stream().map(p -> p.duet("A", "B").ratio(SideWindow::cpuMsPerRequest)).toList(),
                PairedMetric.CPU.quantity());
        PairedRatio spreadOut = spread.ratio(passes, "A", "B", 4);
        assertThat(new java.util.HashSet<>(raw.perPass())).as("where the collections fell moves the passes")
            .hasSizeGreaterThan(1);
        assertThat(spreadOut.perPass()).allSatisfy(r -> assertThat(r).isCloseTo(expected, within(1e-4)));
        assertThat(spreadOut.ratio()).isCloseTo(expected, within(1e-4));
        assertThat(spreadOut.ratio()).as("B collects more often than A: that stays in its cost")
            .isGreaterThan(0.36 / 0.40);
        assertThat(spreadOut.halfWidthPercent()).isLessThan(raw.halfWidthPercent());
        assertThat(spread.noise(passes, "A", "B").withinPass()).isCloseTo(0, within(1e-12));
    }

    @Test
    void nginxIsReadAsItIsAndItsGatewaySpread() {
        List<LineupResult.Pass> passes = passes();
        GcSpread spread = GcSpread.of(passes);
        LineupResult.Duet duet = passes.get(1).duet("nginx", "B");
        SideWindow nginx = duet.windows().get(0).get("nginx");
        assertThat(spread.cost("nginx", nginx)).isEqualTo(nginx.cpuMsPerRequest());
        // pass 2: B collected in its first window, not in its second
        double b = (0.36 * 0.95 * Math.exp(PER_COLLECTION * 6 / 8.0));
        double n = 0.10 * 0.95 * (1 + 0.005);
        assertThat(spread.ratio(duet)).isCloseTo(b / n, within(1e-3 * b / n));
    }

    @Test
    void aRunWithoutCollectionsInSomeWindowsAndNotOthersLeavesTheCostsAsRead() {
        List<LineupResult.Pass> passes = new ArrayList<>();
        for (LineupResult.Pass pass : passes()) {
            List<LineupResult.Duet> duets = new ArrayList<>();
            for (LineupResult.Duet duet : pass.duets()) {
                List<Map<String, SideWindow>> windows = new ArrayList<>();
                for (Map<String, SideWindow> window : duet.windows()) {
                    Map<String, SideWindow> none = new LinkedHashMap<>();
                    window.forEach((rung, side) -> none.put(rung, side.jvm() == null ? side : side(0.4, 0)));
                    windows.add(none);
                }
                duets.add(LineupResult.Duet.of(duet.a(), duet.b(), duet.warmup(), windows, List.of()));
            }
            passes.add(new LineupResult.Pass(pass.pass(), pass.upward(), pass.startOrder(), pass.portRank(),
                    pass.schedule(), duets, Map.of(), Map.of()));
        }
        GcSpread spread = GcSpread.of(passes);
        assertThat(spread.perCollection()).isZero();
        SideWindow side = passes.get(0).duet("A", "B").windows().get(0).get("A");
        assertThat(spread.cost("A", side)).isEqualTo(side.cpuMsPerRequest());
    }

}
