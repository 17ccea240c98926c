package dev.perflab.lab.paired;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;
import dev.perflab.lab.run.WarmUp;

/**
 * pair.json keeps its layout now that a pair is the smallest lineup: the fixtures were
 * written by PairResult (132dfce) from the same lineups, and the history, the tests on
 * the real apps and old run folders read that layout.
 */
class PairJsonTests {

    static LineupPlan plan(int passes) {
        return LineupPlan.pair(Side.labGateway("A", List.of("reactive")),
                Side.labGateway("B", List.of("reactive", "log-quiet")), 400, passes,
                List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)), Duration.ofSeconds(30), Duration.ofSeconds(5),
                WarmUp.Load.FLAT, Duration.ofSeconds(10), 7,
                new SideSettings(Path.of("root"), List.of(), Duration.ofSeconds(60), "/service/hello", null), "1ms",
                Path.of("results"), 0.05, "5%");
    }

    /** One side's window; every figure moved by {@code k} so that none repeats. */
    static SideWindow window(double k, long errors) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(Math.round(900 * k), 4_000);
        latency.recordValueWithCount(Math.round(3_000 * k), 40);
        JvmCounters.Reading jvm = new JvmCounters.Reading(Math.round(4_000_000 * k), 1, 1, 3, Math.round(20 * k), 50,
                -1, Map.of("reactor-http-epoll-N", Math.round(3_900_000 * k), "parallel-N", 100_000L, "idle", 0L));
        return new SideWindow(4_040, errors, 400 * k, 0.9 * k, 3.0 * k, latency, jvm,
                new CpuSplit(12.5 * k, 390 * k, CpuSplit.TICKS));
    }

    /**
     * Lineups of a pair: {@code passes} passes of one duet A → B in two windows, B
     * {@code b} times A's cost (each pass's own), A failing {@code errorsA} a window.
     */
    static LineupResult lineup(double[] b, long errorsA) {
        List<LineupResult.Pass> passes = new ArrayList<>();
        for (int p = 0; p < b.length; p++) {
            List<Map<String, SideWindow>> windows = new ArrayList<>();
            List<Stage.Shared> shared = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                Map<String, SideWindow> both = new LinkedHashMap<>();
                both.put("A", window(1 + 0.01 * w + 0.003 * p, errorsA));
                both.put("B", window(b[p] + 0.01 * w, 0));
                windows.add(both);
                shared.add(new Stage.Shared(100.0 + w, 200.04 + p, 50.06 + w + p));
            }
            List<String> order = p % 2 == 0 ? List.of("A", "B") : List.of("B", "A");
            LineupResult.Duet duet = LineupResult.Duet.of("A", "B",
                    new WarmUp.Result(Duration.ofMillis(12_345 + p), 3, p != 1, WarmUp.Load.FLAT), windows, shared);
            passes.add(new LineupResult.Pass(p + 1, true, order, order, List.of("B", "A"), List.of(duet), Map.of(),
                    Map.of("A", 38_000 + p, "B", 38_100 + p)));
        }
        return LineupResult.of(plan(b.length), passes, Path.of("x"));
    }

    static final double[] COSTLIER = { 1.2, 1.21, 1.19 };

    @Test
    void aPairWithVerdictsAndItsGateIsWrittenAsBefore() throws IOException {
        assertThat(json(PairJson.of(lineup(COSTLIER, 0)))).isEqualTo(fixture("pair-verdicts.json"));
    }

    @Test
    void aPairWithoutVerdictsSaysWhyAsBefore() throws IOException {
        assertThat(json(PairJson.of(lineup(COSTLIER, 40)))).isEqualTo(fixture("pair-no-verdict.json"));
    }

    static String json(Object value) {
        return RunFolder.JSON.writeValueAsString(value) + "\n";
    }

    private static String fixture(String name) throws IOException {
        return Files.readString(Path.of("src/test/resources/paired").resolve(name));
    }

}
