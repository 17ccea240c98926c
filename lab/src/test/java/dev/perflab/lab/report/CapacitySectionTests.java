package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Capacity at the SLO and the closed-versus-open sentence with this run's numbers. */
class CapacitySectionTests {

    @Test
    void theExplanationQuotesTheStepNearestTheClosedLoopsRate() {
        CapacitySection capacity = CapacitySection.of(SectionFixtures.facts("run-capacity"));
        CapacitySection.ClosedVersusOpen explained = capacity.explained();
        assertThat(explained.rung()).isEqualTo("reactive");
        double distance = Math.abs(explained.near().offeredRps() - explained.closedLoopRps());
        for (var point : SectionFixtures.rungs("run-capacity").get(0).path("capacity").path("points")) {
            assertThat(Math.abs(point.path("offered_rps").asDouble() - explained.closedLoopRps()))
                .isGreaterThanOrEqualTo(distance);
        }
        String md = SectionFixtures.markdown("capacity", "capacity", capacity);
        assertThat(md).contains(
                "A closed loop (wrk with 10 connections) sends a request only when one came back, so no more than 10 ever wait")
            .contains("with at most 0.1 % errors and at least 98 % of the rate achieved: "
                    + Cells.count(explained.rpsAtSlo()) + " req/s for reactive.");
        // without nginx in the run there is no ratio to it
        assertThat(capacity.table().rows().get(0).get(3)).isEmpty();
    }

    @Test
    void aClosedLoopRunHasNoCapacitySection() {
        CapacitySection none = CapacitySection.of(SectionFixtures.facts("run-lab"));
        assertThat(none.explained()).isNull();
        assertThat(SectionFixtures.markdown("capacity", "capacity", none)).isEmpty();
        assertThat(SectionFixtures.html("capacity", "capacity", none)).isEmpty();
    }

}
