package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hotspots: the four largest groups, JFR's socket reads when it counted them, the
 * profiler from run.json.
 */
class HotspotsSectionTests {

    @Test
    void atMostFourGroupsAndTheJfrEvidenceAfterTheVerdict() {
        HotspotsSection hotspots = HotspotsSection.of(SectionFixtures.facts("synthetic-foreign-faults"));
        assertThat(hotspots.table().rows().get(0).get(2))
            .endsWith("; JFR: 1,234 socket reads on the event loop, 5,678 ms");
        assertThat(hotspots.table().rows().get(0).get(3))
            .isEqualTo("blocking network I/O 62 %, logging 11 %, epoll 5 %, json 4 %");
        assertThat(SectionFixtures.markdown("hotspots", "hotspots", hotspots)).contains(
                "\nFrom JFR (profile settings), in a profiled window after the measured one. The profiled window");
    }

    @Test
    void unprofiledRunsHaveNoHotspots() {
        HotspotsSection none = HotspotsSection.of(SectionFixtures.facts("run-lab"));
        assertThat(SectionFixtures.markdown("hotspots", "hotspots", none)).isEmpty();
        assertThat(SectionFixtures.html("hotspots", "hotspots", none)).isEmpty();
    }

}
