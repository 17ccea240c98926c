package dev.perflab.lab.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Step verdicts: ratio with interval, the words, and the at-rate columns only when a rung
 * ran at a fixed rate.
 */
class VerdictsSectionTests {

    @Test
    void eachStepShowsItsRatioIntervalAndVerdictWithTheAtRateColumns() {
        VerdictsSection verdicts = VerdictsSection.of(SectionFixtures.facts("run-lab"));
        assertThat(verdicts.table().header()).hasSize(8)
            .contains("at 300 req/s: proxy CPU per request ratio [95 % interval]");
        assertThat(verdicts.table().rows().get(0)).startsWith("reactive", "baseline", "0.02 [0.00, 0.17]", "slower");
        assertThat(SectionFixtures.markdown("verdicts", "verdicts", verdicts))
            .startsWith("\n## Each step: verdict\n\n| rung | against |")
            .endsWith("CPU per request cheaper or costlier, bytes per request fewer or more.\n");
        assertThat(verdicts.table().rows())
            .as("a cost's verdict in a cost's words: the CPU columns never say faster or slower")
            .allSatisfy(row -> assertThat(List.of(row.get(5), row.get(7)))
                .allMatch(word -> List.of("cheaper", "costlier", "no difference beyond noise", "").contains(word)))
            .anySatisfy(row -> assertThat(row.get(5)).isIn("cheaper", "costlier"));
    }

    @Test
    void oneWindowHasNoIntervalAndNoAtRateMeansNoAtRateColumns() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        for (var rung : rungs) {
            ((ObjectNode) rung).remove("at_rate");
        }
        ObjectNode rps = (ObjectNode) rungs.get(1).path("verdict").path("rps");
        rps.remove(java.util.List.of("low", "high"));
        VerdictsSection verdicts = VerdictsSection
            .of(SectionFixtures.facts(SectionFixtures.folder("run-lab"), SectionFixtures.info("run-lab"), rungs));
        assertThat(verdicts.table().header()).hasSize(6);
        assertThat(verdicts.table().rows().get(0).get(2)).isEqualTo("0.02 (one window: no interval)");
    }

    @Test
    void aRunWithoutStepsHasNoVerdictSection() {
        VerdictsSection none = VerdictsSection.of(SectionFixtures.facts("run-gateway-test"));
        assertThat(none.table().isEmpty()).isTrue();
        assertThat(SectionFixtures.markdown("verdicts", "verdicts", none)).isEmpty();
        assertThat(SectionFixtures.html("verdicts", "verdicts", none)).isEmpty();
    }

}
