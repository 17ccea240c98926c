package dev.perflab.lab.profile;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

import dev.perflab.lab.LabException;

/**
 * A profiler the runner attaches to the running gateway for one window and stops again.
 */
public interface GatewayProfiler {

    /**
     * What a profiled window left: the hotspot summary of the event-loop samples, the
     * files it wrote (for the progress line), and evidence beyond the samples (JFR's
     * socket reads on the event loop).
     */
    record Capture(Hotspots.Summary hotspots, String files, Map<String, Object> evidence) {
    }

    /**
     * Stops profiling and writes flamegraph.html, collapsed.txt and hotspots.md (and the
     * profiler's own files) into {@code dir}.
     */
    Capture stop(Path dir, Hotspots.Rules rules, String title);

    /** Starts {@code kind} (async or jfr) on the target JVM. */
    static GatewayProfiler start(ProfilerKind kind, String event, ProfiledProcess target, Path dir, PrintWriter out) {
        return switch (kind) {
            case ASYNC -> AsyncProfiler.start(target, event, dir, out);
            case JFR -> JfrRecorder.start(target, dir);
            default -> throw new LabException("no profiler named '" + kind.id() + "' can be attached");
        };
    }

}
