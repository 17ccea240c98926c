package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reason a rung or test gives for a missing tool: the line lab/setup.sh printed, or
 * how to run it.
 */
class InstalledToolsTests {

    private static final String ABSENT = "perflab-no-such-tool";

    @TempDir
    Path root;

    @Test
    void aToolOnThePathIsNotMissing() {
        assertThat(InstalledTools.installed("bash")).isTrue();
        assertThat(InstalledTools.missing(root, "bash")).isEmpty();
    }

    @Test
    void aMissingToolGivesTheSetupStepsLine() throws IOException {
        Path notes = Files.createDirectories(root.resolve("lab/target/setup"));
        Files.writeString(notes.resolve(ABSENT),
                ABSENT + " is not installed (no root and no passwordless sudo): sudo apt-get install x\n");
        assertThat(InstalledTools.installed(ABSENT)).isFalse();
        assertThat(InstalledTools.missing(root, ABSENT))
            .contains(ABSENT + " is not installed (no root and no passwordless sudo): sudo apt-get install x");
    }

    @Test
    void withoutALineFromTheSetupStepTheReasonSaysHowToRunIt() {
        assertThat(InstalledTools.missing(root, ABSENT))
            .contains(ABSENT + " is not installed (make runs lab/setup.sh, which installs it; or: bash lab/setup.sh "
                    + ABSENT + ")");
    }

}
