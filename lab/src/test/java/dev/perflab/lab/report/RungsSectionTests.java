package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The main table and the note under it, which is there even when no rung is. */
class RungsSectionTests {

    @Test
    void theNoteSaysHowManyCoresOneHundredPercentIsOnlyWhenRunJsonSays() {
        RungsSection two = RungsSection.of(SectionFixtures.facts("run-lab"));
        assertThat(SectionFixtures.markdown("rungs", "rungs", two))
            .contains("in % of one core (2 cores = 200 %). Latency");
        ObjectNode info = SectionFixtures.info("run-lab");
        ((ObjectNode) info.path("machine")).remove("cores");
        RungsSection unknown = RungsSection
            .of(SectionFixtures.facts(SectionFixtures.folder("run-lab"), info, SectionFixtures.rungs("run-lab")));
        assertThat(unknown.cores()).isNull();
        assertThat(SectionFixtures.markdown("rungs", "rungs", unknown)).contains("in % of one core. Latency");
    }

    @Test
    void withoutRungsTheTableIsLeftOutButTheNoteStays() {
        ArrayNode none = SectionFixtures.rungs("run-lab").removeAll();
        RungsSection empty = RungsSection
            .of(SectionFixtures.facts(SectionFixtures.folder("run-lab"), SectionFixtures.info("run-lab"), none));
        assertThat(SectionFixtures.markdown("rungs", "rungs", empty)).startsWith("\ncv is the coefficient of variation")
            .doesNotContain("|");
        assertThat(SectionFixtures.html("rungs", "rungs", empty)).isEmpty();
    }

    @Test
    void cvIsAPercentWithOneDecimalAndRatiosTwoDecimals() {
        RungsSection rungs = RungsSection.of(SectionFixtures.facts("run-lab"));
        assertThat(rungs.table().rows().get(0)).startsWith("baseline", "-", "30,518", "22.6%", "1.00", "10.92");
    }

}
