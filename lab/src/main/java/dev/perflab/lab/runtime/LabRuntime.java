package dev.perflab.lab.runtime;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.targets.Target;

/**
 * The system under test, wherever it runs: starts a rung's apps (or connects to them),
 * says where the load goes, how the apps are sampled and which process is profiled, and
 * stops what it started. Chosen once per command ({@link Runtimes}); the rung runner asks
 * it and never the RUNTIME.
 */
public interface LabRuntime {

    RuntimeKind kind();

    /** Why this rung cannot run in this runtime, or empty when it can. */
    default Optional<String> unavailable(Target target, Scenario rung) {
        return target.unavailable();
    }

    /**
     * The auth latency the rung runs with: its own, else AUTH_LATENCY; null where the
     * system runs as deployed.
     */
    default String authLatency(Scenario rung, String configured) {
        return rung.authLatency() != null ? rung.authLatency() : configured;
    }

    /**
     * The header line each request carries (the target's, unless the runtime has a token
     * of its own).
     */
    default String header(Target target) {
        return target.header();
    }

    /** Why FAULTS cannot be posted to auth-service here, or empty when they can. */
    default Optional<String> faultsUnavailable() {
        return Optional.empty();
    }

    /**
     * Whether the apps run as someone deployed them: a gateway without the lab's metrics
     * is then unknown, not an error.
     */
    default boolean asDeployed() {
        return false;
    }

    /**
     * The gateway's launch spec with the JProfiler agent loaded at start.
     * @param agentJvmOptions the agent's JVM options, for a gateway started as a local
     * process; asked only by the runtime that starts one (a container loads its own)
     */
    LaunchSpec withJProfiler(LaunchSpec gateway, Supplier<List<String>> agentJvmOptions);

    /**
     * Starts (or connects to) the rung's apps and what the target needs beyond them;
     * closing stops what was started.
     */
    Deployment start(Target target, Scenario rung, Path dir, PrintWriter out);

}
