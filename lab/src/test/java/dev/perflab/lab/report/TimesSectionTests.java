package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the time goes, for gateway rungs only; a foreign gateway's timers are unknown,
 * never empty.
 */
class TimesSectionTests {

    @Test
    void onlyGatewayRungsAndAForeignGatewaysTimesAreUnknown() {
        assertThat(TimesSection.of(SectionFixtures.facts("run-lab")).table().rows()).extracting(row -> row.get(0))
            .containsExactly("reactive");
        ObjectNode info = SectionFixtures.info("run-lab");
        info.putObject("gateway").put("foreign", true);
        TimesSection foreign = TimesSection
            .of(SectionFixtures.facts(SectionFixtures.folder("run-lab"), info, SectionFixtures.rungs("run-lab")));
        assertThat(foreign.table().rows().get(0)).endsWith("unknown", "unknown", "unknown (a foreign gateway)");
    }

    @Test
    void aBackendOnlyRunHasNoTimesSection() {
        var baselineOnly = SectionFixtures.rungs("run-lab");
        baselineOnly.remove(2);
        baselineOnly.remove(1);
        TimesSection none = TimesSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab"),
                SectionFixtures.info("run-lab"), baselineOnly));
        assertThat(SectionFixtures.markdown("times", "times", none)).isEmpty();
        assertThat(SectionFixtures.html("times", "times", none)).isEmpty();
    }

}
