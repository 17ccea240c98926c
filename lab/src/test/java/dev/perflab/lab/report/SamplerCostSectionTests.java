package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sampler's cost: the most over the measured rungs, two decimals; nothing when no
 * rung recorded it.
 */
class SamplerCostSectionTests {

    @Test
    void theMostOverTheRungsToTwoDecimals() {
        SamplerCostSection cost = SamplerCostSection.of(SectionFixtures.facts("run-lab-interrupted"));
        // 0.376 (blocking) beats the baseline's and rounds up
        assertThat(cost.percent()).isEqualTo("0.38");
        assertThat(SectionFixtures.markdown("sampler-cost", "samplerCost", cost))
            .isEqualTo("\nThe /proc stats sampler used at most 0.38 % of one core in any rung.\n");
    }

    @Test
    void dockerStatsRecordNoSamplerCost() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab-interrupted");
        rungs.forEach(r -> ((ObjectNode) r).remove("sampler_cpu_percent"));
        SamplerCostSection none = SamplerCostSection.of(SectionFixtures
            .facts(SectionFixtures.folder("run-lab-interrupted"), SectionFixtures.info("run-lab-interrupted"), rungs));
        assertThat(none.percent()).isNull();
        assertThat(SectionFixtures.markdown("sampler-cost", "samplerCost", none)).isEmpty();
    }

}
