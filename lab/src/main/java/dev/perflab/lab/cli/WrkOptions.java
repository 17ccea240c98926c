package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;
import picocli.CommandLine.Option;

/**
 * wrk's closed loop, declared once: the sequential targets' measured window, and make
 * lab's rungs alone.
 */
public class WrkOptions {

    @Option(names = "--threads", defaultValue = "${env:THREADS:-5}",
            description = "wrk threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--connections", defaultValue = "${env:CONNECTIONS:-10}",
            description = "wrk connections (default: ${DEFAULT-VALUE}).")
    int connections;

    static final int MOST_THREADS = 1_000;

    public int threads() {
        return threads;
    }

    public int connections() {
        return connections;
    }

    /** THREADS and CONNECTIONS checked: one line for the first that no run can mean. */
    public void validate() {
        if (threads > MOST_THREADS) {
            throw new LabException("THREADS must be at most " + MOST_THREADS + ", got " + threads);
        }
        long openFiles = OpenFiles.limit();
        if (connections > openFiles - 64) {
            throw new LabException("CONNECTIONS=" + connections + " is more than this machine lets one process open ("
                    + openFiles + " files, ulimit -n): at most " + (openFiles - 64));
        }
    }

}
