package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

import dev.perflab.lab.LabException;
import dev.perflab.lab.stats.ProcessCpu;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;

/** The backends as JVMs on this machine, each side a JVM or nginx beside them. */
final class LocalBackends implements Backends {

    private final LabSystem backends;

    private final int businessPort;

    private final int authPort;

    private LocalBackends(LabSystem backends, int businessPort, int authPort) {
        this.backends = backends;
        this.businessPort = businessPort;
        this.authPort = authPort;
    }

    /**
     * Starts both on free ports, with their logs under {@code logs}; returns once both
     * are healthy.
     */
    static LocalBackends start(SideSettings settings, String authLatency, Path logs) {
        return start(settings, authLatency, logs, "127.0.0.1");
    }

    /**
     * {@link #start}, both listening on {@code address}: 0.0.0.0 for gateways on another
     * host (GATEWAY_HOST), which reach this machine by an address of its own.
     */
    static LocalBackends start(SideSettings settings, String authLatency, Path logs, String address) {
        int[] ports = FreePorts.below(2);
        List<String> jvm = settings.javaOptions();
        LabSystem backends = LabSystem.start(new ServiceLauncher(settings.root(), logs),
                List.of(LaunchSpec.of(Service.BUSINESS)
                    .withPort(ports[0])
                    .withJvmOptions(jvm)
                    .withEnv("SERVER_ADDRESS", address),
                        LaunchSpec.of(Service.AUTH)
                            .withPort(ports[1])
                            .withJvmOptions(jvm)
                            .withEnv("SERVER_ADDRESS", address)
                            .withEnv("AUTH_LATENCY", authLatency)),
                settings.healthTimeout());
        return new LocalBackends(backends, ports[0], ports[1]);
    }

    @Override
    public int businessPort() {
        return businessPort;
    }

    @Override
    public int authPort() {
        return authPort;
    }

    @Override
    public double[] cpuMillis() {
        long[] pids = { backends.get(Service.AUTH).pid(), backends.get(Service.BUSINESS).pid() };
        double[] ms = new double[pids.length];
        for (int i = 0; i < pids.length; i++) {
            OptionalDouble read = ProcessCpu.millis(pids[i]);
            if (read.isEmpty()) {
                throw new LabException((i == 0 ? "auth-service" : "business-service") + " (pid " + pids[i]
                        + ") ended during the measurement");
            }
            ms[i] = read.getAsDouble();
        }
        return ms;
    }

    @Override
    public StartedSide start(SideSettings settings, Path dir, String who, Side side, int port) {
        return StartedSide.start(settings, dir, who, side, port, businessPort, authPort);
    }

    @Override
    public void close() {
        backends.close();
    }

}
