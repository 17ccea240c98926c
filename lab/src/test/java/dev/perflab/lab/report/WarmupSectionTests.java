package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Warm-up per rung: probes with thousands separators, the first 10 s against the measured
 * req/s.
 */
class WarmupSectionTests {

    @Test
    void theFirstTenSecondsAreReadFromTheProbesAndComparedToTheMeasuredRate() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab-interrupted");
        ObjectNode baseline = (ObjectNode) rungs.get(0);
        baseline.put("warmup_s", 10.4).put("warmup_steady", true).put("warmup_probe_s", 5.0);
        baseline.putArray("warmup_probes").add(3000.0).add(5000.0).add(7087.0);
        WarmupSection warmup = WarmupSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                SectionFixtures.info("run-lab-interrupted"), rungs));
        // two 5 s probes make the first 10 s: (3000 + 5000) / 2 = 4000, against 7,087
        // measured
        assertThat(warmup.table().rows().get(0)).containsExactly("baseline", "10", "yes", "3,000 5,000 7,087", "4,000",
                "0.56");
    }

    @Test
    void aRunWithoutProbesHasNoWarmupSection() {
        ArrayNode rungs = SectionFixtures.rungs("run-lab-interrupted");
        rungs.forEach(r -> ((ObjectNode) r).remove("warmup_probes"));
        WarmupSection none = WarmupSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                SectionFixtures.info("run-lab-interrupted"), rungs));
        assertThat(SectionFixtures.markdown("warmup", "warmup", none)).isEmpty();
    }

}
