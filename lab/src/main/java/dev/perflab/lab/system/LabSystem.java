package dev.perflab.lab.system;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;

/**
 * The services one run started. Starting is all or nothing: when one service fails, the others are
 * stopped before the error is thrown. {@link #close()} stops exactly these processes, and a shutdown
 * hook does the same on Ctrl-C.
 */
public final class LabSystem implements AutoCloseable {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final List<RunningService> services = Collections.synchronizedList(new ArrayList<>());
    /** Set, under the list's lock, once stopAll ran: a service that finishes starting after that is stopped at once. */
    private boolean stopped;
    private final StopOnExit onExit = StopOnExit.register("services", this::stopAll);

    LabSystem() {
    }

    /** Starts the services together (they boot in parallel) and waits until every one is healthy. */
    public static LabSystem start(ServiceLauncher launcher, List<LaunchSpec> specs, Duration healthLimit) {
        LabSystem system = new LabSystem();
        try {
            specs.forEach(spec -> system.add(launcher.start(spec)));
            system.services.forEach(running -> launcher.awaitHealthy(running, healthLimit));
            return system;
        }
        catch (RuntimeException ex) {
            system.close();
            throw ex;
        }
    }

    /** Keeps a started service for stopping, unless the system was stopped meanwhile (Ctrl-C): then it is stopped now. */
    void add(RunningService running) {
        synchronized (services) {
            if (!stopped) {
                services.add(running);
                return;
            }
        }
        ServiceLauncher.stop(running.process(), STOP_GRACE);
        throw new LabException("stopped: the lab is shutting down (Ctrl-C or SIGTERM); " + running.service() + " was stopped again");
    }

    public RunningService get(Service service) {
        return find(service).orElseThrow(() -> new LabException(service + " is not part of this run"));
    }

    public Optional<RunningService> find(Service service) {
        synchronized (services) {
            return services.stream().filter(s -> s.service() == service).findFirst();
        }
    }

    public List<RunningService> services() {
        synchronized (services) {
            return List.copyOf(services);
        }
    }

    /** Forgets the services without stopping them (make up leaves them running for make down). */
    public List<RunningService> detach() {
        onExit.close();
        synchronized (services) {
            List<RunningService> detached = List.copyOf(services);
            services.clear();
            return detached;
        }
    }

    @Override
    public void close() {
        stopAll();
        onExit.close();
    }

    private void stopAll() {
        List<RunningService> toStop;
        synchronized (services) {
            stopped = true;
            toStop = new ArrayList<>(services);
            services.clear();
        }
        Collections.reverse(toStop);
        toStop.forEach(running -> ServiceLauncher.stop(running.process(), STOP_GRACE));
    }
}
