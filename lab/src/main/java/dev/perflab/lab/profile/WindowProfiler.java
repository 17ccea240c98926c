package dev.perflab.lab.profile;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;

/**
 * A profiler attached to one JVM for the measured windows only: resumed just before each
 * window and paused just after it, so that its samples are the windows' (not a warm-up,
 * nor the seconds the JVM stands idle while other rungs are measured); its files written
 * once, when the pass ends. The paired targets profile every gateway side this way.
 */
public interface WindowProfiler {

    /** Samples from now on (the first call starts the profiler). */
    void resume();

    /** Stops sampling until the next {@link #resume}, keeping what was sampled. */
    void pause();

    /**
     * Writes the samples of every window into the folder it was attached with
     * (flamegraph.html, collapsed.txt and hotspots.md; with JFR also recording.jfr and
     * jfr-summary.md); returns the files, the flame graph or recording first.
     */
    List<Path> finish(Hotspots.Rules rules, String title);

    /**
     * async-profiler or JFR on the target JVM, nothing sampled until {@link #resume};
     * {@code dir} takes its files.
     */
    static WindowProfiler attach(ProfilerKind kind, String event, ProfiledProcess target, Path dir, PrintWriter out) {
        return switch (kind) {
            case ASYNC -> new AsyncWindows(AsyncProfiler.attach(target, dir), event, dir, out);
            case JFR -> new JfrWindows(JfrRecorder.attach(target), dir);
            default -> throw new LabException("no profiler named '" + kind.id() + "' can be attached");
        };
    }

}
