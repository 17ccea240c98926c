package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The intervals table and the noise floor sentence under it. */
class IntervalsSectionTests {

    @Test
    void theNoiseFloorIsTheGatewayRungsMedianHalfWidthToOneDecimal() {
        IntervalsSection intervals = IntervalsSection.of(SectionFixtures.facts("run-lab"));
        // only the gateway rung counts: not the baseline, not nginx
        assertThat(intervals.noiseFloor().covers()).startsWith("between 2 passes");
        assertThat(SectionFixtures.markdown("intervals", "intervals", intervals))
            .contains("## Figures with their intervals")
            .containsPattern(
                    "intervals\\): req/s \\+-\\d+\\.\\d %, the gateway's CPU per request \\+-\\d+\\.\\d %\\. The intervals cover between 2 passes");
    }

    @Test
    void withoutTheGatewaysCpuTheSentenceSaysReqPerSecondOnly() {
        ArrayNode rungs = SectionFixtures.rungs("run-gateway-test");
        ((ObjectNode) rungs.get(0).path("intervals")).remove("cpu_ms_per_request");
        IntervalsSection intervals = IntervalsSection.of(SectionFixtures
            .facts(SectionFixtures.folder("run-gateway-test"), SectionFixtures.info("run-gateway-test"), rungs));
        assertThat(intervals.noiseFloor().cpu()).isNull();
        assertThat(SectionFixtures.html("intervals", "intervals", intervals))
            .containsPattern("req/s \\+-\\d+\\.\\d %\\. The intervals cover")
            .doesNotContain("the gateway's CPU per request");
    }

    @Test
    void aRunWithoutIntervalsHasNeitherTableNorSentence() {
        IntervalsSection none = IntervalsSection.of(SectionFixtures.facts("run-lab-interrupted"));
        assertThat(none.noiseFloor()).isNull();
        assertThat(SectionFixtures.markdown("intervals", "intervals", none)).isEmpty();
    }

}
