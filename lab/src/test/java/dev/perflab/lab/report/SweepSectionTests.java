package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sweep section is there for a sweep only; its table and the chart's series come from
 * the same points.
 */
class SweepSectionTests {

    @Test
    void aSweepShowsItsPivotAndTheBoundRow() {
        SweepSection sweep = SweepSection.of(SectionFixtures.facts("run-sweep"));
        assertThat(SectionFixtures.markdown("sweep", "sweep", sweep))
            .startsWith("\n## Auth latency sweep (req/s)\n\n| client | auth 0 | auth 5ms |")
            .endsWith("| bound, blocked event loop | - | 800 |\n");
        assertThat(sweep.series().series().get(0).rps()).containsExactly(2210.4, 702.6);
    }

    @Test
    void aLadderIsNoSweep() {
        SweepSection none = SweepSection.of(SectionFixtures.facts("run-lab"));
        assertThat(none.series()).isNull();
        assertThat(SectionFixtures.markdown("sweep", "sweep", none)).isEmpty();
        assertThat(SectionFixtures.html("sweep", "sweep", none)).isEmpty();
    }

}
