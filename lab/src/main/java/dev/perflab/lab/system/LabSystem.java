package dev.perflab.lab.system;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;

/**
 * The services one run started. Starting is all or nothing: when one service fails, the
 * others are stopped before the error is thrown. {@link #close()} stops exactly these
 * processes; on Ctrl-C each child's own exit hook does (see {@link Commands}).
 */
public final class LabSystem implements Apps {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final List<RunningService> services = Collections.synchronizedList(new ArrayList<>());

    private LabSystem() {
    }

    /**
     * Starts the services together (they boot in parallel) and waits until every one is
     * healthy.
     */
    public static LabSystem start(ServiceLauncher launcher, List<LaunchSpec> specs, Duration healthLimit) {
        LabSystem system = new LabSystem();
        try {
            launcher.startAll(specs, system.services::add);
            system.services.forEach(running -> launcher.awaitHealthy(running, healthLimit));
            return system;
        }
        catch (RuntimeException ex) {
            system.close();
            throw ex;
        }
    }

    @Override
    public RunningService get(Service service) {
        return find(service).orElseThrow(() -> new LabException(service + " is not part of this run"));
    }

    @Override
    public Optional<RunningService> find(Service service) {
        synchronized (services) {
            return services.stream().filter(s -> s.service() == service).findFirst();
        }
    }

    @Override
    public List<RunningService> services() {
        synchronized (services) {
            return List.copyOf(services);
        }
    }

    /**
     * Forgets the services without stopping them (make up leaves them running for make
     * down).
     */
    public List<RunningService> detach() {
        synchronized (services) {
            List<RunningService> detached = List.copyOf(services);
            services.clear();
            detached.forEach(running -> running.child().detach());
            return detached;
        }
    }

    @Override
    public void close() {
        stopAll();
    }

    private void stopAll() {
        List<RunningService> toStop;
        synchronized (services) {
            toStop = new ArrayList<>(services);
            services.clear();
        }
        Collections.reverse(toStop);
        toStop.forEach(running -> running.child().stop(STOP_GRACE));
    }

}
