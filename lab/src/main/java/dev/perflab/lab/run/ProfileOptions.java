package dev.perflab.lab.run;

import java.util.List;

import dev.perflab.lab.LabException;
import picocli.CommandLine.Option;

/** Whether and how to profile the gateway during the measured window. */
public class ProfileOptions {

    @Option(names = "--profiler", defaultValue = "none", description = "none or async (async-profiler on the gateway; default: ${DEFAULT-VALUE}).")
    String profiler;

    @Option(names = "--event", defaultValue = "cpu", description = "async-profiler event: cpu, wall, lock or alloc (default: ${DEFAULT-VALUE}).")
    String event;

    public ProfileOptions() {
    }

    public ProfileOptions(String profiler, String event) {
        this.profiler = profiler;
        this.event = event;
    }

    public boolean enabled() {
        validate();
        return profiler.equals("async");
    }

    /** The same options with async-profiler chosen when none was: make profile's default. */
    public ProfileOptions orAsync() {
        return profiler.equals("none") ? new ProfileOptions("async", event) : this;
    }

    public String event() {
        return event;
    }

    public void validate() {
        if (!List.of("none", "async").contains(profiler)) {
            throw new LabException("PROFILER must be async or none here, not '" + profiler + "' (jfr and jprofiler are not built yet)");
        }
        if (!List.of("cpu", "wall", "lock", "alloc").contains(event)) {
            throw new LabException("EVENT must be cpu, wall, lock or alloc, not '" + event + "'");
        }
    }
}
