package dev.perflab.lab.system;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which lab containers a compose run removes before it starts: stopped ones and those of
 * a run that has ended; never a running container of make up, of a live run, or one
 * started by hand (its busy port says so instead).
 */
class ComposeLeftoversTests {

    @Test
    void aStoppedContainerIsALeftoverWhoeverStartedIt() {
        assertThat(Compose.isLeftover("Exited (137) 2 minutes ago", Compose.MAKE_UP)).isTrue();
        assertThat(Compose.isLeftover("Created", "")).isTrue();
    }

    /**
     * Another run's container it has just created ("Created", not yet "Up") is that
     * run's: it was removed under it (issue 37). This run's own, or one whose run has
     * ended, is removed.
     */
    @Test
    void aStoppedContainerOfAnotherLiveRunIsItsOwnAndStays() throws Exception {
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            long started = other.toHandle().info().startInstant().map(Instant::toEpochMilli).orElseThrow();
            assertThat(Compose.isLeftover("Created", other.pid() + ":" + started)).isFalse();
            assertThat(Compose.isLeftover("Exited (1) 1 second ago", other.pid() + ":" + started)).isFalse();
            assertThat(Compose.isLeftover("Created", Compose.owner(false))).as("this run's own").isTrue();
            assertThat(Compose.isLeftover("Created", other.pid() + ":1")).as("a pid reused: not that run").isTrue();
        }
        finally {
            other.destroy();
            assertThat(other.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aRunningContainerOfMakeUpOrStartedByHandIsLeftAlone() {
        assertThat(Compose.owner(true)).isEqualTo(Compose.MAKE_UP);
        assertThat(Compose.isLeftover("Up 3 minutes", Compose.MAKE_UP)).isFalse();
        assertThat(Compose.isLeftover("Up 3 minutes", "")).isFalse();
        assertThat(Compose.isLeftover("Up 3 minutes (healthy)", "not-a-pid")).isFalse();
    }

    @Test
    void aRunningContainerIsALeftoverOnlyOnceTheRunThatStartedItHasEnded() throws Exception {
        assertThat(Compose.isLeftover("Up 5 seconds", Compose.owner(false))).isFalse();
        // a process that lives until its start time is read (one that has already ended
        // has none: "true" sometimes ended first)
        Process ended = new ProcessBuilder("sleep", "30").start();
        long started = ended.toHandle().info().startInstant().map(Instant::toEpochMilli).orElseThrow();
        ended.destroy();
        assertThat(ended.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(Compose.isLeftover("Up 5 seconds", ended.pid() + ":" + started)).isTrue();
        // the pid reused by another process: not the run that started the container
        long self = ProcessHandle.current().pid();
        assertThat(Compose.isLeftover("Up 5 seconds", self + ":1")).isTrue();
    }

}
