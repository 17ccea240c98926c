package dev.perflab.lab.system;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.Durations;

/**
 * {@code RUNTIME=kubernetes}: before each rung, {@code kubectl apply -k} of the kustomize
 * overlay that runs the rung's gateway (deploy/k8s/overlays), then
 * {@code kubectl rollout status} of the three Deployments; the rung is then measured as
 * {@code RUNTIME=remote} measures, at the addresses of the REMOTE file (a Service address
 * the user reaches, e.g. a port-forward). The lab deletes nothing in the cluster.
 */
public final class KubernetesRollout {

    /** The Deployments the overlays hold, in the order their rollouts are awaited. */
    static final List<String> DEPLOYMENTS = List.of("business-service", "auth-service", "gateway");

    private final Path root;

    private final RemoteConfig.Kubernetes settings;

    public KubernetesRollout(Path root, RemoteConfig.Kubernetes settings) {
        this.root = root;
        this.settings = settings;
    }

    /** kubectl must be there before anything runs; one line otherwise. */
    public void requireKubectl() {
        Commands.Result version = Commands.run(List.of("kubectl", "version", "--client"), null, Duration.ofSeconds(30));
        if (!version.ok()) {
            throw new LabException("RUNTIME=kubernetes needs kubectl on PATH (kubectl version --client: "
                    + (version.output().isBlank() ? "exit " + version.exit() : version.firstLine()) + ")");
        }
    }

    public Path overlays() {
        return root.resolve("deploy/k8s/overlays");
    }

    /**
     * The overlay a gateway rung runs: the one named like the rung, else the one named
     * like its only profile (make gateway-test AUTH_CLIENT=blocking); empty when there is
     * none.
     */
    public Optional<Path> overlay(String rung, List<String> profiles) {
        Path named = overlays().resolve(rung);
        if (Files.isRegularFile(named.resolve("kustomization.yaml"))) {
            return Optional.of(named);
        }
        if (profiles.size() == 1 && !profiles.get(0).contains("/")
                && Files.isRegularFile(overlays().resolve(profiles.get(0)).resolve("kustomization.yaml"))) {
            return Optional.of(overlays().resolve(profiles.get(0)));
        }
        return Optional.empty();
    }

    /**
     * The base, for the rungs without a gateway of their own (backend, nginx): the same
     * backends.
     */
    public Path base() {
        return root.resolve("deploy/k8s/base");
    }

    /**
     * Applies {@code kustomization} and waits for the three rollouts; one line naming the
     * failing command otherwise.
     */
    public void apply(Path kustomization, PrintWriter out) {
        String shown = root.relativize(kustomization.toAbsolutePath().normalize()).toString();
        out.println("    kubectl apply -k " + shown + ", then rollout status (at most "
                + Durations.format(settings.rolloutTimeout()) + " each)");
        out.flush();
        run(List.of("apply", "-k", kustomization.toString()), Duration.ofMinutes(2));
        for (String deployment : DEPLOYMENTS) {
            run(List.of("rollout", "status", "deployment/" + deployment,
                    "--timeout=" + settings.rolloutTimeout().toSeconds() + "s"),
                    settings.rolloutTimeout().plusSeconds(30));
        }
    }

    private void run(List<String> arguments, Duration limit) {
        List<String> command = new ArrayList<>(List.of("kubectl"));
        settings.context().ifPresent(context -> command.addAll(List.of("--context", context)));
        settings.namespace().ifPresent(namespace -> command.addAll(List.of("--namespace", namespace)));
        command.addAll(arguments);
        Commands.Result result = Commands.run(command, root, limit);
        if (!result.ok()) {
            String why = result.exit() == Commands.Result.TIMED_OUT ? "did not finish within " + Durations.format(limit)
                    : "failed (" + (result.output().isBlank() ? "exit " + result.exit() : result.lastLine()) + ")";
            throw new LabException(String.join(" ", command) + " " + why);
        }
    }

}
