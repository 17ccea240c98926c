package dev.perflab.lab.runtime;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

import dev.perflab.lab.LabException;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.stats.DockerStatsSampler;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.targets.Target;

/**
 * RUNTIME=compose: the apps as containers (named after the services), sampled by docker
 * stats, profiled and warmed up through each container's pid.
 */
public final class ComposeRuntime extends LocalRuntime {

    private final Supplier<Compose> compose;

    public ComposeRuntime(Function<Path, ServiceLauncher> launcher, Duration healthTimeout, Supplier<Compose> compose) {
        super(launcher, healthTimeout);
        this.compose = compose;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.COMPOSE;
    }

    /**
     * In the container the agent loads by its environment. It listens on the loopback of
     * the gateway's network: the host's with the host-network file, where the GUI reaches
     * it; a bridge network's container has its own, out of the GUI's reach (publishing
     * the port would need the agent on every interface of the container).
     */
    @Override
    public LaunchSpec withJProfiler(LaunchSpec gateway, Supplier<List<String>> agentJvmOptions) {
        if (!compose.get().onHostNetwork(Service.GATEWAY)) {
            throw new LabException("PROFILER=jprofiler with RUNTIME=compose needs the host-network file "
                    + "(COMPOSE_FILES=docker-compose.host.yml): on a bridge network the agent listens on the gateway "
                    + "container's own loopback, which the JProfiler GUI cannot reach");
        }
        return gateway.withEnv("PROFILER", "jprofiler");
    }

    @Override
    Deployment deployment(LabSystem apps, Target.Extras extras, URI url) {
        return new Started(apps, extras, url) {

            @Override
            public StatsSampler sampler(Path file) {
                return new DockerStatsSampler(apps.services().stream().map(s -> s.service().id()).toList(), file);
            }

            /** The containers' JVMs are out of the attach API's reach from here. */
            @Override
            public Map<String, Long> jvmPids() {
                return Map.of();
            }

            @Override
            public Map<String, Long> readableJvms() {
                return containerJvms(apps, Compose::containerPid);
            }

            @Override
            public Optional<ProfiledProcess> gatewayProcess() {
                return apps.find(Service.GATEWAY)
                    .map(gateway -> ProfiledProcess.container(Compose.containerPid(gateway.service()),
                            LaunchSpec.currentJavaHome()));
            }
        };
    }

    /**
     * Each app's container's JVM by the pid this machine sees ({@code docker inspect}'s
     * State.Pid: the image's entry point execs java), named as the stats log names it;
     * not the pid of the compose process the lab started it by, which runs no JVM.
     */
    static Map<String, Long> containerJvms(Apps apps, ToLongFunction<Service> containerPid) {
        Map<String, Long> jvms = new LinkedHashMap<>();
        apps.services().forEach(app -> jvms.put(app.service().id(), containerPid.applyAsLong(app.service())));
        return jvms;
    }

}
