package dev.perflab.support;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A real app in a child JVM, watching a {@code sleep} this test starts and ends. */
class ParentProcessWatcherTests {

    private Process parent;

    private Process app;

    @AfterEach
    void stopWhatWasStarted() {
        for (Process process : new Process[] { app, parent }) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    @Test
    void theAppExitsWhenItsParentEnds() throws Exception {
        parent = new ProcessBuilder("sleep", "600").start();
        app = startApp(parent.pid());
        awaitStarted(app);
        assertThat(app.isAlive()).isTrue();

        parent.destroy();

        assertThat(app.waitFor(30, TimeUnit.SECONDS)).as("the app exited after its parent").isTrue();
    }

    @Test
    void theAppKeepsRunningWhileItsParentDoes() throws Exception {
        parent = new ProcessBuilder("sleep", "600").start();
        app = startApp(parent.pid());
        awaitStarted(app);

        assertThat(app.waitFor(2, TimeUnit.SECONDS)).as("the app exited although its parent runs").isFalse();
    }

    @Test
    void anAppWhoseParentIsAlreadyGoneExitsAtOnce() throws Exception {
        parent = new ProcessBuilder("true").start();
        parent.waitFor();
        app = startApp(parent.pid());

        assertThat(app.waitFor(30, TimeUnit.SECONDS)).as("the app exited").isTrue();
    }

    private static Process startApp(long parentPid) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                WatchedApp.class.getName())
            .redirectError(new File("target/watched-app-stderr.log"));
        builder.environment().put("LAB_PARENT_PID", Long.toString(parentPid));
        return builder.start();
    }

    private static void awaitStarted(Process app) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.equals("watched app started")) {
                return;
            }
        }
        throw new AssertionError("the app ended before it started");
    }

}
