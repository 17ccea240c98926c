package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.JavaOptions;
import dev.perflab.lab.LabException;
import dev.perflab.lab.runtime.ComposeRuntime;
import dev.perflab.lab.runtime.KubernetesRuntime;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.runtime.LocalRuntime;
import dev.perflab.lab.runtime.RemoteRuntime;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.InstalledTools;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.Placement;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;

/**
 * What a command makes of its {@link SystemOptions}, once: where the load generator and
 * the apps run, the REMOTE file, Docker Compose, the user's own gateway, each app's
 * launch spec and the runtime; each read or found once per command, and cached here
 * rather than in the options.
 */
final class SystemSetup {

    private final SystemOptions options;

    private RemoteConfig remote;

    private Compose compose;

    private ForeignGateway foreign;

    SystemSetup(SystemOptions options) {
        this.options = options;
    }

    SystemOptions options() {
        return options;
    }

    /**
     * Where the load generator and the apps run on this machine, decided once per
     * command.
     */
    public Placement placement() {
        // a system the lab did not start gets no cores set aside here: the load generator
        // has them all
        Placement placement = Placement.decide(options.pin, Runtime.getRuntime().availableProcessors(),
                InstalledTools.installed("taskset"));
        return options.remote() ? Placement.decide("off", Runtime.getRuntime().availableProcessors(), false)
                : placement;
    }

    /** The runtime the rungs run in, made once per command. */
    public LabRuntime labRuntime() {
        return switch (options.kind()) {
            case LOCAL -> new LocalRuntime(this::launcher, options.healthTimeout());
            case COMPOSE -> new ComposeRuntime(this::launcher, options.healthTimeout(), this::composeRuntime);
            case REMOTE -> new RemoteRuntime(remoteConfig());
            case KUBERNETES -> new KubernetesRuntime(remoteConfig(), kubernetesRollout(), options.healthTimeout());
        };
    }

    /**
     * The REMOTE file, read and checked once per command (remote and kubernetes runtimes
     * only).
     */
    public RemoteConfig remoteConfig() {
        if (!options.remote()) {
            throw new LabException("the REMOTE file is read in RUNTIME=remote or kubernetes only");
        }
        if (remote == null) {
            remote = RemoteConfig.load(
                    options.remoteFile.isAbsolute() ? options.remoteFile : options.root().resolve(options.remoteFile));
        }
        return remote;
    }

    /** Where kubectl applies each rung's overlay (RUNTIME=kubernetes). */
    public KubernetesRollout kubernetesRollout() {
        return new KubernetesRollout(options.root().toAbsolutePath().normalize(), remoteConfig().kubernetes());
    }

    /**
     * Docker Compose with the chosen files, found once per command; null in the local
     * runtime.
     */
    public Compose composeRuntime() {
        if (options.compose() && compose == null) {
            compose = Compose.detect(options.root(), options.composeFiles);
        }
        return compose;
    }

    /**
     * Stops what an earlier run left behind (its runner was killed before it could stop
     * its children): the processes its pid files name, and in the compose runtime its app
     * containers. Prints one line per leftover.
     */
    public void stopLeftovers(PrintWriter out) {
        List<String> stopped = new ArrayList<>(PidFiles.children().stopLeftovers(Duration.ofSeconds(10)));
        // remote and kubernetes: only this machine's leftovers of earlier runs; nothing
        // of the measured system
        if (options.compose()) {
            stopped.addAll(composeRuntime().removeLeftovers(List.of(Service.values())));
        }
        stopped.forEach(out::println);
        out.flush();
    }

    /** Starts services in the chosen runtime, with their logs in {@code logDir}. */
    public ServiceLauncher launcher(Path logDir) {
        return new ServiceLauncher(options.root(), logDir, composeRuntime()).pinnedWith(placement().appPrefix());
    }

    /**
     * The user's own gateway (GATEWAY_JAR, or GATEWAY_IMAGE with RUNTIME=compose),
     * checked once before anything starts; empty for the lab's gateway.
     */
    public Optional<ForeignGateway> foreignGateway() {
        String jar = options.gatewayJar();
        String image = options.gatewayImage();
        if (foreign == null && (!jar.isEmpty() || !image.isEmpty())) {
            if (options.compose()) {
                if (image.isEmpty()) {
                    throw new LabException(
                            "GATEWAY_JAR is for the local runtime; with RUNTIME=compose give GATEWAY_IMAGE (an image of your gateway)");
                }
                foreign = ForeignGateway.ofImage(image);
            }
            else {
                if (jar.isEmpty()) {
                    throw new LabException(
                            "GATEWAY_IMAGE is for RUNTIME=compose; in the local runtime give GATEWAY_JAR (your gateway's jar)");
                }
                foreign = ForeignGateway.ofJar(options.root().resolve(jar).normalize());
            }
        }
        return Optional.ofNullable(foreign);
    }

    /** How to start one service with these options. */
    public LaunchSpec spec(Service service) {
        List<String> jvm = new ArrayList<>(JavaOptions.split(options.javaOpts(), "JAVA_OPTS"));
        if (service == Service.GATEWAY) {
            jvm.addAll(JavaOptions.split(options.gatewayJavaOpts(), "GATEWAY_JAVA_OPTS"));
        }
        LaunchSpec spec = LaunchSpec.of(service).withJvmOptions(jvm);
        return switch (service) {
            case BUSINESS -> spec;
            case AUTH -> spec.withEnv("AUTH_LATENCY", options.authLatency());
            case GATEWAY -> foreignGateway()
                .map(gateway -> spec.withForeign(gateway)
                    .withEnv("BUSINESS_URL", "http://127.0.0.1:" + Service.BUSINESS.defaultPort())
                    .withEnv("AUTH_URL", "http://127.0.0.1:" + Service.AUTH.defaultPort()))
                .orElse(spec)
                .withProfiles(options.profiles());
        };
    }

    /** business-service, auth-service and the gateway, in start order. */
    public List<LaunchSpec> specs() {
        return Arrays.stream(Service.values()).map(this::spec).toList();
    }

}
