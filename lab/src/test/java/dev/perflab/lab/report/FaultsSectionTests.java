package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Injected faults: each rung's faults.log line under its rung, in a code block; nothing
 * without a faults.log.
 */
class FaultsSectionTests {

    @Test
    void eachLineIsPrefixedWithItsRungInACodeBlock() {
        FaultsSection faults = FaultsSection.of(SectionFixtures.facts("synthetic-foreign-faults"));
        assertThat(faults.lines()).containsExactly("blocking   08:31:53 errorRate=1 -> 200",
                "blocking   08:31:55 latency=5ms -> 200");
        assertThat(SectionFixtures.markdown("faults", "faults", faults))
            .endsWith("```\nblocking   08:31:53 errorRate=1 -> 200\nblocking   08:31:55 latency=5ms -> 200\n```\n");
    }

    @Test
    void noFaultsLogNoSection(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("blocking"));
        FaultsSection none = FaultsSection.of(SectionFixtures.facts(dir, SectionFixtures.info("run-lab-interrupted"),
                SectionFixtures.rungs("run-lab-interrupted")));
        assertThat(none.lines()).isEmpty();
        assertThat(SectionFixtures.markdown("faults", "faults", none)).isEmpty();
    }

}
