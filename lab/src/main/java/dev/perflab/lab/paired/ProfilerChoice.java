package dev.perflab.lab.paired;

import java.nio.file.Path;

import dev.perflab.lab.profile.ProfilerKind;

/**
 * PROFILER on a paired target: async-profiler or JFR attached to every gateway side for
 * the measured windows of each pass (nginx is not a JVM and is never profiled), or the
 * JProfiler agent loaded into the one gateway for the user's GUI; none by default.
 *
 * @param event async-profiler's event (cpu, wall, lock, alloc)
 * @param hotspotRules lab/hotspots.yml, read when a side's profile is summed up
 */
public record ProfilerChoice(ProfilerKind kind, String event, Path hotspotRules) {

    public static final ProfilerChoice NONE = new ProfilerChoice(ProfilerKind.NONE, "cpu", null);

    /** Whether the run attaches a profiler to the gateway sides itself. */
    public boolean attaches() {
        return kind.attaches();
    }

}
