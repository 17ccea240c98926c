package dev.perflab.lab.system;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kill -9 between a write and its rename left hidden .partial files in results folders
 * (issue 37): the next run removes those whose writer is gone, and nothing else.
 */
class StaleFilesTests {

    @TempDir
    Path results;

    @Test
    void partialFilesOfAProcessThatIsGoneAreRemovedAndALiveWritersAreKept() throws Exception {
        Path run = Files.createDirectories(results.resolve("20261126-100000-lab").resolve("reactive"));
        Path deadTop = Files.writeString(results.resolve(".latest.999999999.3.partial"), "");
        Path deadDeep = Files.writeString(run.resolve(".summary.json.999999999.7.partial"), "{");
        Path live = Files.writeString(run.resolve(AtomicFiles.temporaryName("wrk.json")), "{");
        Path ordinary = Files.writeString(run.resolve("wrk.json"), "{}");
        Path lookalike = Files.writeString(run.resolve(".notes.partial"), "");
        assertThat(AtomicFiles.removeStale(results)).isEqualTo(2);
        assertThat(deadTop).doesNotExist();
        assertThat(deadDeep).doesNotExist();
        assertThat(live).exists();
        assertThat(ordinary).exists();
        assertThat(lookalike).exists();
        assertThat(AtomicFiles.removeStale(results.resolve("none"))).isZero();
    }

    @Test
    void aWrittenFileIsWholeAndLeavesNoTemporaryBehind() throws Exception {
        Path file = results.resolve("a").resolve("summary.json");
        AtomicFiles.write(file, "{\"rungs\": []}");
        assertThat(file).hasContent("{\"rungs\": []}");
        try (var left = Files.list(file.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("summary.json");
        }
    }

}
