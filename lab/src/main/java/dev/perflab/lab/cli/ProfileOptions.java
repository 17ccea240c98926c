package dev.perflab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.profile.ProfilerKind;
import picocli.CommandLine.Option;
import dev.perflab.lab.runtime.LocalRuntime;

/**
 * Whether and how to profile the gateway: async-profiler or JFR during a profiled window
 * (after the measured, unprofiled one, so the profiler's cost is measured too), or the
 * JProfiler agent loaded at start for the GUI to attach to.
 */
public class ProfileOptions {

    /**
     * Where the JProfiler GUI attaches; the published lab's port, bound to loopback only.
     */
    public static final int JPROFILER_PORT = LocalRuntime.JPROFILER_PORT;

    static final String JPROFILER_HELP = "install JProfiler (https://www.ej-technologies.com/download/jprofiler/files) and set "
            + "JPROFILER_HOME to its folder, e.g. JPROFILER_HOME=/opt/jprofiler15 (or JPROFILER_AGENT to its libjprofilerti.so)";

    @Option(names = { "--profiler", "--profile-rungs", "--profile" }, defaultValue = "${env:PROFILER:-none}",
            description = "PROFILER (once PROFILE and PROFILE_RUNGS): none, async (async-profiler), jfr or jprofiler (the agent on 127.0.0.1:38849) (default: ${DEFAULT-VALUE}).")
    String profiler;

    @Option(names = "--event", defaultValue = "${env:EVENT:-cpu}",
            description = "async-profiler event: cpu, wall, lock or alloc (default: ${DEFAULT-VALUE}).")
    String event;

    public ProfileOptions() {
    }

    public ProfileOptions(String profiler, String event) {
        this.profiler = profiler;
        this.event = event;
    }

    /** PROFILER, typed. */
    public ProfilerKind profiler() {
        return ProfilerKind.parse(profiler);
    }

    public boolean jprofiler() {
        return profiler() == ProfilerKind.JPROFILER;
    }

    /**
     * The same options with async-profiler chosen when none was: make profile's default.
     */
    public ProfileOptions orAsync() {
        return profiler.equals("none") ? new ProfileOptions("async", event) : this;
    }

    public String event() {
        return event;
    }

    public void validate() {
        profiler();
        if (!List.of("cpu", "wall", "lock", "alloc").contains(event)) {
            throw new LabException("EVENT must be cpu, wall, lock or alloc, not '" + event + "'");
        }
        if (!event.equals("cpu") && !profiler.equals("async")) {
            throw new LabException("EVENT=" + event + " is an async-profiler event; with PROFILER=" + profiler
                    + " leave EVENT at cpu");
        }
    }

    /**
     * The gateway's extra JVM options: the JProfiler agent when it was asked for, else
     * none.
     */
    public List<String> gatewayJvmOptions(Map<String, String> env) {
        if (!jprofiler()) {
            return List.of();
        }
        return List.of("-agentpath:" + jprofilerAgent(env) + "=port=" + JPROFILER_PORT + ",address=127.0.0.1,nowait");
    }

    /**
     * The JProfiler agent library from JPROFILER_AGENT or JPROFILER_HOME; a one-line
     * error when neither leads to it.
     */
    static Path jprofilerAgent(Map<String, String> env) {
        String agent = env.get("JPROFILER_AGENT");
        if (agent != null && !agent.isBlank()) {
            Path path = Path.of(agent).toAbsolutePath();
            if (!Files.isRegularFile(path)) {
                throw new LabException("JPROFILER_AGENT=" + agent
                        + " is not a file; it must name JProfiler's libjprofilerti.so, or " + JPROFILER_HELP);
            }
            return path;
        }
        String home = env.get("JPROFILER_HOME");
        if (home == null || home.isBlank()) {
            throw new LabException(
                    "PROFILER=jprofiler needs the JProfiler agent, and JPROFILER_HOME is not set: " + JPROFILER_HELP);
        }
        Path path = Path.of(home).toAbsolutePath().resolve("bin/linux-x64/libjprofilerti.so");
        if (!Files.isRegularFile(path)) {
            throw new LabException(
                    "JPROFILER_HOME=" + home + " has no bin/linux-x64/libjprofilerti.so: " + JPROFILER_HELP);
        }
        return path;
    }

}
