package dev.perflab.lab.run;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The watch over a rung's processes: an exit interrupts the thread that drives the load,
 * a failure after it is told as that exit, and no interrupt outlives the watch.
 */
class ExitWatchTests {

    @Test
    void anExitInterruptsTheMeasuringThreadAndTheFailureAfterItIsToldAsTheExit() {
        AtomicInteger asked = new AtomicInteger();
        boolean interrupted = false;
        RuntimeException told;
        try (ExitWatch watch = ExitWatch.start(
                () -> asked.incrementAndGet() < 3 ? Optional.empty() : Optional.of("gateway exited (exit code 3)"),
                Duration.ofMillis(20))) {
            try {
                Thread.sleep(60_000);
            }
            catch (InterruptedException ex) {
                interrupted = true;
            }
            told = watch.explain(new LabException("cannot start wrk: interrupted"));
            assertThat(watch.exit()).contains("gateway exited (exit code 3)");
        }
        assertThat(interrupted).as("the load's wait was cut short").isTrue();
        assertThat(told).isInstanceOf(LabException.class)
            .hasMessageStartingWith("gateway exited (exit code 3) while the rung ran")
            .hasCauseInstanceOf(LabException.class);
        assertThat(Thread.currentThread().isInterrupted()).as("no interrupt left for stopping the apps").isFalse();
    }

    @Test
    void withoutAnExitAFailureIsItselfAndAFinishedRungPasses() {
        LabException failure = new LabException("scrape failed");
        try (ExitWatch watch = ExitWatch.start(Optional::empty, Duration.ofMillis(10))) {
            assertThat(watch.explain(failure)).isSameAs(failure);
            watch.requireNoExit();
            assertThat(watch.exit()).isEmpty();
        }
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void anExitThatShowsJustAfterTheFailureIsTheReason() {
        // a compose service's up process ends a moment after its container halted: the
        // read of the dead port fails first
        long failedAt = System.nanoTime();
        Supplier<Optional<String>> exited = () -> System.nanoTime() - failedAt > 150_000_000L
                ? Optional.of("gateway exited (exit code 0)") : Optional.empty();
        RuntimeException told;
        try (ExitWatch watch = ExitWatch.start(exited, Duration.ofMillis(100))) {
            told = watch.explain(new LabException("cannot scrape gateway metrics: ConnectException"));
        }
        assertThat(told).hasMessageStartingWith("gateway exited (exit code 0) while the rung ran")
            .hasRootCauseMessage("cannot scrape gateway metrics: ConnectException");
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void anExitSeenAfterTheLastReadStillFailsTheRung() throws Exception {
        try (ExitWatch watch = ExitWatch.start(() -> Optional.of("nginx exited (pid 7)"), Duration.ofMillis(10))) {
            while (watch.exit().isEmpty()) {
                Thread.onSpinWait();
            }
            assertThatThrownBy(watch::requireNoExit).isInstanceOf(LabException.class)
                .hasMessageStartingWith("nginx exited (pid 7) while the rung ran");
        }
        assertThat(Thread.interrupted()).isFalse();
    }

    @Test
    void anInterruptThatIsNotTheWatchsIsPassedOn() {
        try (ExitWatch watch = ExitWatch.start(Optional::empty, Duration.ofMillis(10))) {
            Thread.currentThread().interrupt();
        }
        assertThat(Thread.interrupted()).as("someone else's interrupt survives the watch").isTrue();
    }

}
