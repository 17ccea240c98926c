package dev.perflab.lab.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CPU per request at the fixed offered rate: a rung not offered it keeps its reason, cv
 * only between passes.
 */
class AtRateSectionTests {

    @Test
    void aRungNotOfferedTheRateSaysWhyAndTheCvIsBetweenPasses() {
        AtRateSection atRate = AtRateSection.of(SectionFixtures.facts("run-lab"));
        assertThat(atRate.table().rows()).extracting(row -> row.get(0) + ": " + row.get(1) + " / " + row.get(6))
            .containsExactly("baseline: 300 / n/a",
                    "reactive: not offered: the closed loop reached 347 req/s, less than 1.25 x CPU_RATE=300 / ",
                    "nginx: 300 / 10.7 %");
        assertThat(atRate.offered()).isEqualTo("300");
        assertThat(SectionFixtures.markdown("at-rate", "atRate", atRate))
            .contains("each rung was offered 300 req/s at a constant rate (RATE)");
    }

    @Test
    void noRungAtAFixedRateNoSection() {
        AtRateSection none = AtRateSection.of(SectionFixtures.facts("run-gateway-test"));
        assertThat(none.table().rows()).isEqualTo(List.of());
        assertThat(SectionFixtures.html("at-rate", "atRate", none)).isEmpty();
    }

}
