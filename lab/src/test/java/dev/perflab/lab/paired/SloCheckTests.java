package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.run.RunFolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SLO on the paired targets, read from each side's measured windows: the worst window's
 * percentile, the errors of all of them, and at a fixed rate each window's share of it.
 */
class SloCheckTests {

    @TempDir
    Path dir;

    private static final Duration WINDOW = Duration.ofSeconds(10);

    /** A window of 10 s at {@code rps}, with this p99 and these errors. */
    private static SloCheck.Timed window(double p99, long rps, long errors) {
        Histogram histogram = new Histogram(3);
        histogram.recordValueWithCount(1_000, rps * 10 - 10);
        histogram.recordValueWithCount(40_000, 10);
        return new SloCheck.Timed(new SideWindow(rps * 10, errors, 1.0, 1.0, p99, histogram, null), WINDOW);
    }

    @Test
    void aSideHoldsTheObjectiveOnlyInEveryWindowWithFewErrorsAtTheRate() {
        Map<String, List<SloCheck.Timed>> sides = new LinkedHashMap<>();
        sides.put("held", List.of(window(4.0, 400, 0), window(9.5, 400, 1)));
        sides.put("slow", List.of(window(4.0, 400, 0), window(12.0, 400, 0)));
        sides.put("failing", List.of(window(4.0, 400, 5), window(4.0, 400, 5)));
        sides.put("behind", List.of(window(4.0, 400, 0), window(4.0, 360, 0)));
        List<SloCheck.Line> lines = SloCheck.lines(Slo.parse("p99:10ms"), sides, 400, "");
        assertThat(lines).extracting(SloCheck.Line::held).containsExactly(true, false, false, false);
        assertThat(lines.get(0).text()).isEqualTo("held: p99 9.50 ms in the worst of 2 windows, 0.01 % errors");
        assertThat(lines.get(1).text()).contains("p99 12.0 ms in the worst of 2 windows > 10.0 ms");
        assertThat(lines.get(2).text()).contains("0.13 % errors > 0.1 %");
        assertThat(lines.get(3).text()).contains("(one window reached only 360 req/s)");
        assertThat(SloCheck.lines(Slo.parse("p99:10ms"), Map.of("closed", List.of(window(4.0, 360, 0))), 0, ""))
            .as("in the closed loop no rate is promised")
            .allMatch(SloCheck.Line::held);
        assertThat(SloCheck.heading(Slo.parse("p99:10ms"), 400)).isEqualTo(
                "SLO p99:10ms: p99 at most 10.0 ms in every measured window at 400 req/s, each window reaching 98 % of it, at most 0.1 % errors");
    }

    @Test
    void percentilesOtherThanP50AndP99ComeFromTheWindowsHistogram() {
        SloCheck.Timed timed = window(4.0, 400, 0);
        assertThat(SloCheck.latency(timed.window(), Slo.parse("p99.9:50ms"))).isCloseTo(40.0,
                org.assertj.core.api.Assertions.within(0.1));
        assertThat(SloCheck.latency(timed.window(), Slo.parse("p90:5ms"))).isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(0.01));
        assertThat(SloCheck.lines(Slo.parse("p99.9:30ms"), Map.of("tail", List.of(timed)), 400, ""))
            .extracting(SloCheck.Line::held)
            .containsExactly(false);
    }

    @Test
    void aPairedLabGivesOneLinePerRungInTheLaddersOrderNginxToo() {
        List<LineupPlan.Entrant> rungs = List.of(
                new LineupPlan.Entrant("reactive", "r", Side.labGateway("reactive", List.of("reactive"))),
                new LineupPlan.Entrant("log-quiet", "q",
                        Side.labGateway("log-quiet", List.of("reactive", "log-quiet"))),
                new LineupPlan.Entrant("nginx", "reference", Side.nginx("nginx", false, java.nio.file.Path.of("n"))));
        LineupRunTests.FakeStage stage = new LineupRunTests.FakeStage(
                Map.of("reactive", 0.40, "log-quiet", 0.36, "nginx", 0.12),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
        LineupPlan plan = new LineupPlan(rungs, 100, 4, List.of(WINDOW, WINDOW), Duration.ofSeconds(20),
                Duration.ofSeconds(5), WarmUp.Load.FLAT, Duration.ZERO, Duration.ZERO, 5, 10, Duration.ofSeconds(10), 7,
                new SideSettings(java.nio.file.Path.of("."), List.of(), Duration.ofSeconds(60), "/service/hello",
                        "Authorization: Bearer lab-token"),
                "1ms", dir, Double.NaN, "", false);
        LineupResult result = LineupRun.execute(plan, stage, RunFolder.create(dir, "lab"),
                new PrintWriter(new StringWriter()), sofar -> {
                });
        // the pretend stage answers every window at p99 2 ms, 100 req/s, no error
        List<SloCheck.Line> held = SloCheck.of(Slo.parse("p99:2ms"), result);
        assertThat(held).extracting(line -> line.text().substring(0, line.text().indexOf(':')))
            .containsExactly("reactive", "log-quiet", "nginx");
        assertThat(held).allMatch(SloCheck.Line::held);
        assertThat(held.get(0).text()).contains("in the worst of 8 windows");
        assertThat(SloCheck.of(Slo.parse("p99:1.5ms"), result)).noneMatch(SloCheck.Line::held);
    }

}
