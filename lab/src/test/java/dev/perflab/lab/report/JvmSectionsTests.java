package dev.perflab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.JvmCost;
import dev.perflab.lab.verdict.Window;

class JvmSectionsTests {

    private static RungResult rung(String name, List<Window> windows, Map<String, String> mode, String javaOpts) {
        Scenario scenario = new Scenario(name, TargetKind.GATEWAY, List.of("reactive"), "1ms", "x", null, javaOpts,
                null);
        return new RungResult(
                scenario, name, new RungResult.ClosedLoop(new RungResult.Throughput(1000.0, null, List.of(1000.0), 0L),
                        null, null, null, windows, Intervals.of(windows), null),
                mode, null, null, null, null, null, null);
    }

    private static Window window(double bytes, long young, long jit) {
        return new Window(1, 1000, 5.0, Map.of("gateway", 0.4),
                Map.of("gateway", new JvmCost(bytes, young, 3L, jit, 1.5)));
    }

    @Test
    void aRungWithJvmCountersShowsBytesPerRequestWithItsIntervalYoungCollectionsAndTheJitsTimePerSubWindow() {
        RungResult counted = rung("lean", List.of(window(95_000, 2, 0), window(95_200, 1, 12), window(94_800, 2, 0)),
                null, null);
        Table table = JvmSections.costs(List.of(counted));

        assertThat(table.rows()).singleElement().satisfies(row -> {
            assertThat(row.get(0)).isEqualTo("lean");
            assertThat(row.get(1)).isEqualTo("gateway");
            assertThat(row.get(2)).isEqualTo("95,000");
            assertThat(row.get(3)).startsWith("[94,").endsWith("]");
            assertThat(row.get(4)).isEqualTo("5");
            assertThat(row.get(5)).as("12 ms in one of three sub-windows").isEqualTo("4");
            assertThat(row.get(6)).isEqualTo("1.50");
        });
    }

    @Test
    void aRunThatCountedNothingHasNeitherSectionSoAnOlderFolderRendersAsBefore() {
        RungResult old = rung("old", List.of(new Window(1, 1000, 5.0, Map.of("gateway", 0.4))),
                Map.of("auth_client", "reactive"), null);
        assertThat(JvmSections.costs(List.of(old)).isEmpty()).isTrue();
        assertThat(JvmSections.runtime(List.of(old)).isEmpty()).isTrue();
    }

    @Test
    void whatEachGatewayRanOnIsWhatItReportedWithTheRungsOwnJvmOptions() {
        RungResult lean = rung("parallel-gc", List.of(window(95_000, 2, 0)),
                Map.of("jdk", "25", "gc", "parallel", "allocator", "pooled", "transport", "native"),
                "-XX:+UseParallelGC");
        assertThat(JvmSections.runtime(List.of(lean)).rows())
            .containsExactly(List.of("parallel-gc", "25", "parallel", "pooled", "native", "-XX:+UseParallelGC"));
    }

}
