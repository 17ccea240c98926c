package dev.perflab.lab.load;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * vegeta's private results folders are named with the pid of the run that made them: a
 * kill -9 before their delete left /tmp/perflab-vegeta* behind (issue 37); the next run
 * removes those whose process is gone.
 */
class VegetaFilesTests {

    @TempDir
    Path tmp;

    @Test
    void resultsFoldersOfAProcessThatIsGoneAreRemovedOthersAreKept() throws Exception {
        Path dead = Files.createDirectories(tmp.resolve(VegetaFiles.PREFIX + "999999999-123"));
        Files.writeString(dead.resolve("agent-1.bin"), "x");
        Path live = Files.createDirectories(tmp.resolve(VegetaFiles.PREFIX + ProcessHandle.current().pid() + "-9"));
        Path old = Files.createDirectories(tmp.resolve("perflab-vegeta12345"));
        Path other = Files.createDirectories(tmp.resolve("someone-else-999999999"));
        VegetaFiles.removeStale(tmp);
        assertThat(dead).doesNotExist();
        assertThat(live).exists();
        assertThat(old).as("a name without a pid is not known to be ours").exists();
        assertThat(other).exists();
    }

    @Test
    void aNewResultsFolderNamesThisProcess() {
        Path folder = VegetaFiles.resultsFolder();
        try {
            assertThat(folder.getFileName().toString())
                .startsWith(VegetaFiles.PREFIX + ProcessHandle.current().pid() + "-");
        }
        finally {
            VegetaFiles.delete(folder);
        }
    }

}
