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
