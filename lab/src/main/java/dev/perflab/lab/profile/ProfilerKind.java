package dev.perflab.lab.profile;

import java.util.Arrays;

import dev.perflab.lab.LabException;

/**
 * PROFILER, parsed once: none, a profiler the runner attaches for a window of its own, or
 * the JProfiler agent loaded at start.
 */
public enum ProfilerKind {

    NONE("none"),
    /** async-profiler, attached for a profiled window. */
    ASYNC("async"),
    /** JFR with the profile settings, started for a profiled window. */
    JFR("jfr"),
    /** The JProfiler agent, loaded with the gateway for the user's GUI to attach to. */
    JPROFILER("jprofiler");

    private final String id;

    ProfilerKind(String id) {
        this.id = id;
    }

    /** The name PROFILER takes. */
    public String id() {
        return id;
    }

    /**
     * A profiler the runner attaches for a profiled window of its own: async-profiler or
     * JFR.
     */
    public boolean attaches() {
        return this == ASYNC || this == JFR;
    }

    /** PROFILER as given, or one line naming what it may be. */
    public static ProfilerKind parse(String profiler) {
        return Arrays.stream(values())
            .filter(kind -> kind.id.equals(profiler))
            .findFirst()
            .orElseThrow(() -> new LabException(
                    "PROFILER must be async, jfr or jprofiler (or none for make lab), not '" + profiler + "'"));
    }

}
