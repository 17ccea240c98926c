package dev.perflab.lab.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.result.RungResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SLO=... on a measuring command: a ✓/✗ line per measured rung, read from the
 * summary.json of a real run (golden/run-lab: baseline, reactive and nginx, the last two
 * offered 300 req/s after the closed loop where they could take it), and exit code 3 when
 * one rung does not hold it.
 */
class SloGateTests {

    private static List<GateLine> lines(ArrayNode rungs, String slo) {
        return SloGate
            .lines(SectionFixtures.facts(SectionFixtures.folder("run-lab"), SectionFixtures.info("run-lab"), rungs)
                .rungs(), Slo.parse(slo));
    }

    private static double p99(JsonNode rung) {
        return rung.path("percentiles_ms").path("99").asDouble();
    }

    @Test
    void eachMeasuredRungHoldsOrBreaksTheObjectiveOnItsOwnP99FromSummaryJson() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        // a limit between the rungs' closed-loop p99s: the ones below hold it, the ones
        // above do not
        double limit = 20;
        List<GateLine> lines = lines(rungs, "p99:20ms");
        assertThat(lines).hasSize(rungs.size());
        for (int i = 0; i < rungs.size(); i++) {
            JsonNode rung = rungs.get(i);
            GateLine line = lines.get(i);
            assertThat(line.text()).startsWith(rung.path("name").asString() + ": p99 ");
            assertThat(line.held()).as(line.toString()).isEqualTo(p99(rung) <= limit);
            assertThat(line.toString()).startsWith(line.held() ? "✓ " : "✗ ");
        }
        assertThat(lines).anyMatch(GateLine::held).anyMatch(line -> !line.held());
        assertThat(lines.get(1).text())
            .contains(Cells.format("p99 %.1f ms > 20.0 ms (closed loop)", p99(rungs.get(1))));
        assertThat(GateLine.exitCode(lines)).isEqualTo(GateLine.EXIT_GATE);
        assertThat(GateLine.exitCode(lines(rungs, "p99:1s"))).isZero();
    }

    @Test
    void theFixedRatePhaseCountsItsWorstWindowAndItsAchievedRate() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        JsonNode windows = rungs.get(0).path("at_rate").path("windows");
        double worst = Math.max(windows.get(0).path("p99_ms").asDouble(), windows.get(1).path("p99_ms").asDouble());
        GateLine baseline = lines(rungs, "p99:10ms").get(0);
        assertThat(baseline.held()).isTrue();
        assertThat(baseline.text()).contains(Cells.format("at 300 req/s %.2f ms in the worst window", worst));
        // a window whose p99 is over the limit breaks the objective even where the closed
        // loop holds it
        ((ObjectNode) windows.get(1)).put("p99_ms", 12.5);
        GateLine slowWindow = lines(rungs, "p99:10ms").get(0);
        assertThat(slowWindow.held()).isFalse();
        assertThat(slowWindow.text()).contains("at 300 req/s 12.5 ms in the worst window > 10.0 ms");
        // and so does a window that did not reach 98 % of the rate
        ((ObjectNode) windows.get(1)).put("p99_ms", 1.3).put("rps", 250.0);
        GateLine behind = lines(rungs, "p99:10ms").get(0);
        assertThat(behind.held()).isFalse();
        assertThat(behind.text()).contains("(one window reached only 250 req/s)");
        // a p90 objective has no per-window figure at the rate: the closed loop decides
        assertThat(lines(rungs, "p90:10ms").get(0).text()).startsWith("baseline: p90 ").doesNotContain("req/s");
    }

    @Test
    void failedAnswersBeyondATenthOfAPerCentBreakIt() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        ((ObjectNode) rungs.get(2)).put("errors", 3).put("requests", 1000);
        GateLine nginx = lines(rungs, "p99:1s").get(2);
        assertThat(nginx.held()).isFalse();
        assertThat(nginx.text()).contains("0.30 % errors > 0.1 %");
        ((ObjectNode) rungs.get(2)).put("errors", 1).put("requests", 1000);
        assertThat(lines(rungs, "p99:1s").get(2).held()).isTrue();
    }

    /**
     * At the fixed rate a window counts as held at 98 % of the rate answered, so up to 2
     * % could fail there unseen (issue 37): the windows' failures are held to the same
     * tenth of a per cent as the closed loop's.
     */
    @Test
    void failuresAtTheFixedRateBreakItAsInTheClosedLoop() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        JsonNode windows = rungs.get(0).path("at_rate").path("windows");
        ((ObjectNode) windows.get(0)).put("requests", 3000).put("errors", 0);
        ((ObjectNode) windows.get(1)).put("requests", 3000).put("errors", 60);
        GateLine failing = lines(rungs, "p99:10ms").get(0);
        assertThat(failing.held()).isFalse();
        assertThat(failing.text()).contains("in the worst window, 1.00 % errors > 0.1 %");
        ((ObjectNode) windows.get(1)).put("errors", 3);
        assertThat(lines(rungs, "p99:10ms").get(0).held()).as("0.05 %% is within").isTrue();
    }

    @Test
    void aSkippedRungHasNoLine() {
        List<RungResult> rungs = SectionFixtures.facts("synthetic-foreign-faults").rungs();
        List<GateLine> lines = SloGate.lines(rungs, Slo.parse("p99:1s"));
        assertThat(lines).noneMatch(line -> line.text().startsWith("reactive:"));
        assertThat(lines).hasSize((int) rungs.stream().filter(r -> r.skipped() == null && r.measured()).count());
    }

}
