package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.HostContainers;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;

/**
 * RUNTIME=compose: the backends and every gateway side as containers of the lab's images
 * on the host's network, each on a port of its own ({@link HostContainers}); nginx sides
 * run on this machine, there being no nginx image.
 */
final class ContainerBackends implements Backends {

    private static final Duration STOP_GRACE = StartedSide.STOP_GRACE;

    private final HostContainers containers;

    private final List<RunningService> backends;

    private final long[] pids;

    private ContainerBackends(HostContainers containers, List<RunningService> backends, long[] pids) {
        this.containers = containers;
        this.backends = backends;
        this.pids = pids;
    }

    /**
     * Removes what earlier runs left of the lab's containers, starts both backends on
     * free ports, and returns once both are healthy.
     */
    static ContainerBackends start(SideSettings settings, String authLatency, Path logs, PrintWriter out) {
        HostContainers containers = HostContainers.detect();
        new Compose(settings.root(), List.of(), List.of(), "docker")
            .removeLeftovers(List.of(Service.GATEWAY, Service.AUTH, Service.BUSINESS))
            .forEach(out::println);
        int[] ports = FreePorts.below(2);
        List<String> jvm = settings.javaOptions();
        List<RunningService> started = new ArrayList<>();
        try {
            started.add(containers.start(LaunchSpec.of(Service.BUSINESS).withPort(ports[0]).withJvmOptions(jvm), logs));
            started.add(containers.start(LaunchSpec.of(Service.AUTH)
                .withPort(ports[1])
                .withJvmOptions(jvm)
                .withEnv("AUTH_LATENCY", authLatency), logs));
            ServiceLauncher launcher = new ServiceLauncher(settings.root(), logs);
            started.forEach(running -> launcher.awaitHealthy(running, settings.healthTimeout()));
            long[] pids = { HostContainers.pid(HostContainers.name(Service.AUTH, ports[1])),
                    HostContainers.pid(HostContainers.name(Service.BUSINESS, ports[0])) };
            return new ContainerBackends(containers, started, pids);
        }
        catch (RuntimeException ex) {
            stop(started);
            throw ex;
        }
    }

    @Override
    public int businessPort() {
        return backends.get(0).spec().port();
    }

    @Override
    public int authPort() {
        return backends.get(1).spec().port();
    }

    /** Each container's cgroup CPU, in nanoseconds read as ms. */
    @Override
    public double[] cpuMillis() {
        double[] ms = new double[pids.length];
        for (int i = 0; i < pids.length; i++) {
            OptionalLong nanos = HostContainers.cgroupCpuNanos(pids[i]);
            if (nanos.isEmpty()) {
                throw new LabException((i == 0 ? "auth-service" : "business-service") + "'s container (pid " + pids[i]
                        + ") ended during the measurement");
            }
            ms[i] = nanos.getAsLong() / 1e6;
        }
        return ms;
    }

    @Override
    public StartedSide start(SideSettings settings, Path dir, String who, Side side, int port) {
        return StartedSide.inContainer(containers, settings, dir, who, side, port, businessPort(), authPort());
    }

    @Override
    public void close() {
        stop(backends);
    }

    private static void stop(List<RunningService> services) {
        for (RunningService running : services) {
            running.child().stop(STOP_GRACE);
            HostContainers.remove(HostContainers.name(running.service(), running.spec().port()));
        }
    }

}
