package dev.perflab.lab.system;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.run.RunFolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * error.txt says why a run stopped (issue 37): on Ctrl-C the exit hook's "interrupted"
 * and the main thread's catch raced, and error.txt could read "side A ended", the
 * consequence; on a full disk the catch's own write threw and hid the first error.
 */
class ExitReasonTests {

    @TempDir
    Path results;

    @Test
    void onceTheJvmIsExitingTheHooksReasonStandsAndAFailureItCausedDoesNotReplaceIt() throws Exception {
        RunFolder run = RunFolder.create(results, "pair");
        assertThat(run.error("side A (pid 1) ended during the measurement")).isTrue();
        try {
            StopOnExit.exitingForTests(true);
            assertThat(run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run")).isTrue();
            assertThat(run.error("side A (pid 1) ended during the measurement")).isFalse();
            assertThat(Files.readString(run.resolve("error.txt")))
                .isEqualTo("interrupted (Ctrl-C or SIGTERM) during the run\n");
        }
        finally {
            StopOnExit.exitingForTests(false);
        }
    }

    /** An interrupted run keeps results/latest on the run before it. */
    @Test
    void aRunEndingWhileTheJvmExitsDoesNotMoveLatest() throws Exception {
        RunFolder before = RunFolder.create(results, "pair");
        before.finished();
        RunFolder run = RunFolder.create(results, "pair");
        try {
            StopOnExit.exitingForTests(true);
            run.finished();
        }
        finally {
            StopOnExit.exitingForTests(false);
        }
        assertThat(results.resolve("latest").toRealPath()).isEqualTo(before.dir().toRealPath());
    }

    @Test
    void anErrorThatCannotBeWrittenDoesNotThrowOverTheOneBeingReported() throws Exception {
        RunFolder run = RunFolder.create(results, "pair");
        Files.delete(run.dir());
        // a file where the folder was: nothing can be written under it, as on a full disk
        Files.writeString(run.dir(), "");
        assertThat(run.error("side A (pid 1) ended during the measurement")).isFalse();
        assertThat(run.interrupted("interrupted")).isFalse();
    }

}
