package dev.perflab.lab.run;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import dev.perflab.lab.LabException;

/**
 * Watches a rung's processes while it is warmed up and measured: when one exits, the
 * watch notices it within {@link #EVERY} and interrupts the thread that drives the load,
 * so the rung ends with what it measured instead of offering load to a dead port until
 * the window is over.
 */
final class ExitWatch implements AutoCloseable {

    /** How often the watch asks whether a process has exited. */
    static final Duration EVERY = Duration.ofMillis(500);

    private final Supplier<Optional<String>> exited;

    private final Duration every;

    private final Thread measuring;

    private final Thread watcher;

    private volatile String seen;

    private volatile boolean closed;

    private ExitWatch(Supplier<Optional<String>> exited, Thread measuring, Duration every) {
        this.exited = exited;
        this.every = every;
        this.measuring = measuring;
        this.watcher = new Thread(() -> watch(every), "lab-exit-watch");
        this.watcher.setDaemon(true);
    }

    /** Starts watching {@code exited} for the calling thread. */
    static ExitWatch start(Supplier<Optional<String>> exited, Duration every) {
        ExitWatch watch = new ExitWatch(exited, Thread.currentThread(), every);
        watch.watcher.start();
        return watch;
    }

    private void watch(Duration every) {
        while (!closed) {
            Optional<String> exit = exited.get();
            if (exit.isPresent()) {
                seen = exit.get();
                if (!closed) {
                    measuring.interrupt();
                }
                return;
            }
            try {
                Thread.sleep(every.toMillis());
            }
            catch (InterruptedException ex) {
                return;
            }
        }
    }

    /** The exit the watch saw, as one line; empty while every process runs. */
    Optional<String> exit() {
        return Optional.ofNullable(seen);
    }

    /**
     * Throws, as the exit it came from, a failure that followed an exit the watch saw
     * (the load generator, a scrape or a read interrupted by the watch); any other
     * failure as it is.
     */
    RuntimeException explain(RuntimeException failure) {
        String exit = seen;
        if (exit == null) {
            exit = exitShortlyAfter().orElse(null);
        }
        if (exit == null) {
            return failure;
        }
        Thread.interrupted();
        return new LabException(ended(exit), failure);
    }

    /**
     * An exit the watch sees within four of its periods after a failure: the failure can
     * come first when the exit shows late (a read of a halted container's port fails
     * before its compose process has ended), and then the exit is the reason. The watch
     * ends once it has seen one, interrupting this thread.
     */
    private Optional<String> exitShortlyAfter() {
        try {
            watcher.join(every.toMillis() * 4);
        }
        catch (InterruptedException ex) {
            if (seen == null) {
                // not the watch's: pass it on
                Thread.currentThread().interrupt();
            }
        }
        return Optional.ofNullable(seen);
    }

    /** The same where the rung finished before the interrupt reached it. */
    void requireNoExit() {
        String exit = seen;
        if (exit != null) {
            Thread.interrupted();
            throw new LabException(ended(exit));
        }
    }

    private static String ended(String exit) {
        return exit + " while the rung ran: it ended there, and what it measured until then stays in its folder, "
                + "not in the results";
    }

    /**
     * Stops watching; an interrupt the watch sent and nobody took is cleared, so that
     * stopping the rung's processes is not cut short by it.
     */
    @Override
    public void close() {
        closed = true;
        watcher.interrupt();
        boolean interrupted = false;
        long deadline = System.nanoTime() + EVERY.toNanos() * 4;
        while (watcher.isAlive() && System.nanoTime() < deadline) {
            try {
                watcher.join(EVERY.toMillis());
            }
            catch (InterruptedException ex) {
                interrupted = true;
            }
        }
        interrupted |= Thread.interrupted();
        if (interrupted && seen == null) {
            // not ours: pass it on
            Thread.currentThread().interrupt();
        }
    }

}
