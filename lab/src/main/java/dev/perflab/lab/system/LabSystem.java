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
 * processes; on Ctrl-C each child's own exit hook does (see {@link Commands}). In the
 * compose runtime stopping a service's {@code up} leaves its container, stopped: every
 * way a run ends (closed, a failed start, Ctrl-C through an exit hook of its own) then
 * removes the containers it started.
 */
public final class LabSystem implements Apps {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final List<RunningService> services = Collections.synchronizedList(new ArrayList<>());

    private final ServiceLauncher launcher;

    /** The exit hook that removes the containers on Ctrl-C; null for local JVMs. */
    private final StopOnExit onExit;

    private LabSystem(ServiceLauncher launcher) {
        this.launcher = launcher;
        this.onExit = launcher.startsContainers() ? StopOnExit.register("containers", this::stopOnExit) : null;
    }

    /**
     * Starts the services together (they boot in parallel) and waits until every one is
     * healthy.
     */
    public static LabSystem start(ServiceLauncher launcher, List<LaunchSpec> specs, Duration healthLimit) {
        LabSystem system = new LabSystem(launcher);
        try {
            launcher.startAll(specs, system.services::add);
            system.services.forEach(running -> launcher.awaitHealthy(running, healthLimit));
            return system;
        }
        catch (RuntimeException ex) {
            try {
                system.close();
            }
            catch (RuntimeException notRemoved) {
                ex.addSuppressed(notRemoved);
            }
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
            deregister();
            return detached;
        }
    }

    @Override
    public void close() {
        deregister();
        stopAll();
    }

    private void deregister() {
        if (onExit != null) {
            onExit.close();
        }
    }

    /** On Ctrl-C: as {@link #close}, a container left said in one line. */
    private void stopOnExit() {
        try {
            stopAll();
        }
        catch (LabException ex) {
            System.err.println("lab: " + ex.getMessage());
        }
    }

    /**
     * Stops the services, then removes the containers of those that ran in one (a
     * one-line error when the engine cannot).
     */
    private void stopAll() {
        List<RunningService> toStop;
        synchronized (services) {
            toStop = new ArrayList<>(services);
            services.clear();
        }
        Collections.reverse(toStop);
        toStop.forEach(running -> running.child().stop(STOP_GRACE));
        if (!toStop.isEmpty()) {
            launcher.removeContainers(toStop.stream().map(RunningService::service).toList());
        }
    }

}
