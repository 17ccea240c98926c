package dev.perflab.lab.system;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two runs of one user cannot run at once: the second ends with one line naming the
 * first's pid and results folder; the lock dies with its holder, kill -9 included; within
 * one JVM it is re-entrant and released when the outermost holder closes.
 */
class RunLockTests {

    @TempDir
    Path dir;

    private Process holder(Path file, String what) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                RunLockHolder.class.getName(), file.toString(), what)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
        assertThat(line).isEqualTo("held");
        return process;
    }

    @Test
    void aSecondRunEndsWithOneLineNamingTheFirstUntilTheFirstIsKilled() throws Exception {
        Path file = dir.resolve("run.lock");
        Process first = holder(file, "make lab, results/20261125-031053-lab");
        try {
            assertThatThrownBy(() -> RunLock.acquire(file, "make compare")).isInstanceOf(LabException.class)
                .hasMessage("another lab run is running (pid " + first.pid()
                        + ", make lab, results/20261125-031053-lab): two runs would share the lab's ports and "
                        + "processes; wait for it to end or stop it");
        }
        finally {
            first.destroyForcibly();
            assertThat(first.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        try (RunLock lock = RunLock.acquire(file, "make compare")) {
            assertThat(lock).isNotNull();
        }
        // read only now: closing any other descriptor of the file in this JVM drops its
        // lock
        assertThat(Files.readString(file)).isEmpty();
    }

    @Test
    void withinOneJvmTheLockIsReentrantAndFreedByTheOutermostHolder() throws Exception {
        Path file = dir.resolve("run.lock");
        try (RunLock ladder = RunLock.acquire(file, "make pair-ladder")) {
            try (RunLock step = RunLock.acquire(file, "make compare")) {
                step.describe("make compare, results/x/step-1");
            }
            ladder.describe("make pair-ladder, results/x");
            Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), RunLockHolder.class.getName(), file.toString(),
                    "other")
                .start();
            if (!other.waitFor(60, TimeUnit.SECONDS)) {
                other.destroyForcibly();
                throw new AssertionError("a second process took the lock this JVM holds");
            }
            assertThat(other.exitValue()).isNotZero();
            assertThat(new String(other.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("another lab run is running (pid " + ProcessHandle.current().pid()
                        + ", make pair-ladder, results/x)");
        }
        Process free = holder(file, "make lab");
        free.getOutputStream().close();
        assertThat(free.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(free.exitValue()).isZero();
    }

}
