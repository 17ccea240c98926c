package dev.perflab.lab.targets;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.ForeignGateway;

/**
 * What a rung drives: which apps it needs and with which settings, where the load goes,
 * with which header, whether auth-service faults apply, and what it starts beyond the
 * apps. One class per kind; the rung runner asks these questions and never the kind.
 */
public interface Target {

    TargetKind kind();

    /**
     * What the load drives, for the rung's first line, e.g. " (wrk -> business-service
     * directly)".
     */
    String describe();

    /** Why this target cannot run on this machine, or empty when it can. */
    default Optional<String> unavailable() {
        return Optional.empty();
    }

    /** The apps to start, with the auth latency the rung runs with. */
    List<LaunchSpec> specs(String authLatency);

    /**
     * Starts what the target needs beyond the apps (nothing, by default); closed after
     * the rung.
     */
    default Extras startExtras(LabSystem apps, Path dir) {
        return Extras.NONE;
    }

    /** Where the load goes, once the apps run. */
    URI url(LabSystem apps, Extras extras);

    /**
     * Where the load goes on a system the lab did not start (RUNTIME=remote or
     * kubernetes): the REMOTE file's address.
     */
    URI url(RemoteConfig remote);

    /** Why this target cannot run on that remote system, or empty when it can. */
    default Optional<String> unavailable(RemoteConfig remote) {
        return Optional.empty();
    }

    /**
     * What {@code kubectl apply -k} applies before the rung on Kubernetes: the base (the
     * same backends) unless the target brings apps of its own; empty when the rung has no
     * overlay.
     */
    default Optional<Path> overlay(KubernetesRollout kubernetes, Scenario rung) {
        return Optional.of(kubernetes.base());
    }

    /**
     * The header line each request of the load carries ("Name: value"), or null for none.
     */
    default String header() {
        return null;
    }

    /**
     * The user's own gateway this target drives, or null (the lab's gateway, or no
     * gateway).
     */
    default ForeignGateway foreign() {
        return null;
    }

    /**
     * Whether auth-service faults (FAULTS) apply: only where the load passes an auth
     * check.
     */
    default boolean faultsApply() {
        return true;
    }

    /**
     * The mode the rung's gateway reports of itself (auth client, event-loop threads), or
     * null when the target has no gateway whose metrics the lab knows.
     * @param asDeployed the apps run as someone deployed them: a gateway without the
     * lab's metric is then unknown, not an error
     */
    default Map<String, String> mode(Apps apps, boolean asDeployed) {
        return null;
    }

    /**
     * The counters of where the gateway's time goes, read before and after the measured
     * window; none without the lab's gateway.
     */
    default GatewayMetrics.Timings timings(Apps apps) {
        return GatewayMetrics.Timings.NONE;
    }

    /**
     * Processes a target starts beyond the apps, for the stats sampler; closing stops
     * them.
     */
    interface Extras extends AutoCloseable {

        Extras NONE = new Extras() {
            @Override
            public Map<String, List<Long>> pids() {
                return Map.of();
            }

            @Override
            public void close() {
            }
        };

        /** Process ids keyed by the name the stats log uses. */
        Map<String, List<Long>> pids();

        @Override
        void close();

    }

}
