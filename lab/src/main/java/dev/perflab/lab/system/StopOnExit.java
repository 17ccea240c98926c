package dev.perflab.lab.system;

import dev.perflab.lab.LabException;

/**
 * Runs a stop action when the JVM exits (Ctrl-C, SIGTERM) while it is registered, so
 * nothing the runner started outlives it. Closing the registration removes the hook; the
 * normal path then stops the process itself.
 */
public final class StopOnExit implements AutoCloseable {

    /** Set by the first stop action that runs: the JVM is exiting (Ctrl-C, SIGTERM). */
    private static volatile boolean exiting;

    private final Thread hook;

    private boolean registered;

    private StopOnExit(Runnable stop, String name) {
        this.hook = new Thread(() -> {
            exiting = true;
            stop.run();
        }, "stop-on-exit-" + name);
    }

    /**
     * Whether a stop action has begun: the JVM is exiting. A failure seen after it (a
     * process the stop actions ended) is its consequence, not the run's reason to stop.
     */
    public static boolean exiting() {
        return exiting;
    }

    /** For tests only: as if a stop action had begun, or not. */
    static void exitingForTests(boolean value) {
        exiting = value;
    }

    /**
     * Registers {@code stop}. When the JVM is already shutting down (a Ctrl-C arrived
     * just before), it runs {@code stop} at once and refuses to go on with a one-line
     * reason.
     */
    public static StopOnExit register(String name, Runnable stop) {
        StopOnExit registration = new StopOnExit(stop, name);
        try {
            Runtime.getRuntime().addShutdownHook(registration.hook);
        }
        catch (IllegalStateException shuttingDown) {
            stop.run();
            throw new LabException(
                    "stopped: the lab is shutting down (Ctrl-C or SIGTERM); " + name + " was not started");
        }
        registration.registered = true;
        return registration;
    }

    @Override
    public synchronized void close() {
        if (!registered) {
            return;
        }
        registered = false;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (IllegalStateException alreadyExiting) {
            // the hook is running or has run
        }
    }

}
