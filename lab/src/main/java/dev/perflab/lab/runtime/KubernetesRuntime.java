package dev.perflab.lab.runtime;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.targets.Target;

/**
 * RUNTIME=kubernetes: a remote system, after kubectl apply -k of each rung's overlay (the
 * base for rungs without a gateway) rolled out.
 */
public final class KubernetesRuntime extends RemoteRuntime {

    private final KubernetesRollout kubernetes;

    private final Duration healthTimeout;

    public KubernetesRuntime(RemoteConfig remote, KubernetesRollout kubernetes, Duration healthTimeout) {
        super(remote);
        this.kubernetes = kubernetes;
        this.healthTimeout = healthTimeout;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.KUBERNETES;
    }

    /** A gateway rung without an overlay cannot run there. */
    @Override
    public Optional<String> unavailable(Target target, Scenario rung) {
        Optional<String> unavailable = super.unavailable(target, rung);
        if (unavailable.isPresent()) {
            return unavailable;
        }
        if (target.overlay(kubernetes, rung).isEmpty()) {
            return Optional.of("no overlay in deploy/k8s/overlays for rung " + rung.name() + " (profiles "
                    + String.join(",", rung.profiles()) + "): add one named like the rung to run it on Kubernetes");
        }
        return Optional.empty();
    }

    @Override
    public Deployment start(Target target, Scenario rung, Path dir, PrintWriter out) {
        kubernetes.apply(target.overlay(kubernetes, rung).orElseThrow(), out);
        return connect(target, healthTimeout);
    }

}
