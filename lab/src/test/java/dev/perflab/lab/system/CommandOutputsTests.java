package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a command's output waits to be read: on 80e13b2 a file /tmp/perflab-command*.out
 * that a killed run left for good; now in the lab's private folder, named by its run, and
 * removed by the next run once that run has ended.
 */
class CommandOutputsTests {

    private static final ProcessHandle SELF = ProcessHandle.current();

    @TempDir
    Path tmp;

    @Test
    void aCommandsOutputIsInThePrivateFolderNamedByItsRunAndGoneWhenItEnds() throws IOException {
        Commands.Result result = Commands.run(List.of("readlink", "/proc/self/fd/1"), null, Duration.ofSeconds(10));
        assertThat(result.exit()).as(result.output()).isZero();
        Path output = Path.of(result.output().strip());
        assertThat(output.getParent()).isEqualTo(PidFiles.children().privateFolder());
        assertThat(output.getFileName().toString()).startsWith("command-" + SELF.pid() + "-" + started(SELF) + "-")
            .endsWith(".out");
        assertThat(output).doesNotExist();
    }

    @Test
    void theOutputsOfARunThatEndedAreRemovedWithItsLeftoversAndNoOthers() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        PidFiles pidFiles = new PidFiles(tmp.resolve("children"));
        Path folder = pidFiles.privateFolder();
        Path left = Files.writeString(folder.resolve(name(ended.toHandle(), started(ended.toHandle()))), "killed");
        Path recycled = Files.writeString(folder.resolve(name(SELF, 1)), "a pid given to a later process");
        Path running = Files.writeString(folder.resolve(name(SELF, started(SELF))), "still read");
        Path other = Files.writeString(folder.resolve("notes.txt"), "");
        assertThat(pidFiles.stopLeftovers(Duration.ZERO)).isEmpty();
        assertThat(left).doesNotExist();
        assertThat(recycled).doesNotExist();
        assertThat(running).exists();
        assertThat(other).exists();
    }

    private static String name(ProcessHandle process, long started) {
        return "command-" + process.pid() + "-" + started + "-123456789.out";
    }

    private static long started(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    }

}
