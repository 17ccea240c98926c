package dev.perflab.lab.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What could cap each rung: a bound the rung does not have is an empty cell, not 0. */
class BoundsSectionTests {

    @Test
    void aReactiveRungHasNoEventLoopBound() {
        BoundsSection bounds = BoundsSection.of(SectionFixtures.facts("run-lab"));
        assertThat(bounds.table().rows().get(0)).isEqualTo(List.of("baseline", "30,518", "", "31,250", "14,599"));
        assertThat(SectionFixtures.markdown("bounds", "bounds", bounds))
            .contains("\n| baseline | 30,518 |  | 31,250 | 14,599 |\n")
            .endsWith("The lowest bound is the one that binds.\n");
    }

    @Test
    void aRunWithoutBoundsHasNoSection() {
        BoundsSection none = BoundsSection.of(SectionFixtures.facts("run-capacity"));
        assertThat(SectionFixtures.markdown("bounds", "bounds", none)).isEmpty();
    }

}
