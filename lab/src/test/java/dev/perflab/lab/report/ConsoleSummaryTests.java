package dev.perflab.lab.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.result.RunJson;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The end-of-run summary against the summary.json it is read from: a line per rung with
 * its req/s, CPU per request and step, then the headline.
 */
class ConsoleSummaryTests {

    @Test
    void eachRungsLineHasItsFiguresFromSummaryJson() {
        List<String> lines = ConsoleSummary.lines(SectionFixtures.folder("run-lab"));
        JsonNode rungs = RunJson.MAPPER.readTree(SectionFixtures.folder("run-lab").resolve("summary.json").toFile())
            .path("rungs");
        assertThat(lines.get(0)).isEqualTo("Summary:");
        for (int i = 0; i < rungs.size(); i++) {
            JsonNode rung = rungs.get(i);
            String line = lines.get(i + 1);
            assertThat(line).startsWith("  " + rung.path("name").asString())
                .contains(Cells.count(rung.path("rps").asDouble()) + " req/s");
            JsonNode step = rung.path("verdict");
            if (!step.isMissingNode()) {
                assertThat(line).contains("against " + step.path("against").asString() + ": req/s "
                        + Cells.format("%.2f × [%.2f to %.2f]", step.path("rps").path("ratio").asDouble(),
                                step.path("rps").path("low").asDouble(), step.path("rps").path("high").asDouble()));
            }
        }
        assertThat(lines.get(2)).contains("gateway CPU ").contains(" ms per request [");
        assertThat(lines.get(3)).contains("nginx CPU ");
        assertThat(lines.get(4)).startsWith("Cheapest gateway rung: reactive");
    }

    @Test
    void aSkippedRungSaysWhyAndARunWithoutALadderHasNoHeadline() {
        List<String> lines = ConsoleSummary.lines(SectionFixtures.folder("synthetic-foreign-faults"));
        assertThat(lines)
            .anySatisfy(line -> assertThat(line).startsWith("  reactive").endsWith("skipped: port 38071 is busy"));
        assertThat(ConsoleSummary.lines(SectionFixtures.folder("run-gateway-test"))).hasSize(2);
    }

}
