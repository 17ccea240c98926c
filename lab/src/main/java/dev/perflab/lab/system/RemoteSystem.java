package dev.perflab.lab.system;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;

/**
 * Apps the lab did not start, at the addresses of a REMOTE file: it reads their metrics
 * and sends them load, and {@link #close()} stops nothing.
 */
public final class RemoteSystem implements Apps {

    /** One app at a configured address; its actuator is read at the scrape's origin. */
    public record Remote(Service service, URI baseUri, URI prometheusUri) implements Endpoint {
    }

    private final List<Remote> services;

    private RemoteSystem(List<Remote> services) {
        this.services = List.copyOf(services);
    }

    /** The endpoints of {@code services} as configured, without checking them. */
    public static RemoteSystem of(RemoteConfig config, Collection<Service> services) {
        List<Remote> remotes = new ArrayList<>();
        for (Service service : Service.values()) {
            if (services.contains(service)) {
                URI scrape = config.prometheus().get(service);
                URI base = service == Service.AUTH && config.authAdmin().isPresent() ? origin(config.authAdmin().get())
                        : origin(scrape);
                remotes.add(new Remote(service, base, scrape));
            }
        }
        return new RemoteSystem(remotes);
    }

    /**
     * The apps, once each one's Prometheus endpoint answers 200 (within {@code wait}:
     * after a Kubernetes rollout a Service may take a moment to reach the new pod);
     * otherwise one line naming the app and the address.
     */
    public static RemoteSystem connect(RemoteConfig config, Collection<Service> services, Duration wait) {
        RemoteSystem system = of(config, services);
        for (Remote remote : system.services) {
            awaitAnswer(remote.service() + "'s Prometheus endpoint", remote.prometheusUri(), wait, true);
        }
        return system;
    }

    /**
     * Waits until {@code url} answers: any HTTP status, or 200 when {@code ok} (a route
     * behind auth answers 401 without the token, and that is an answer). Fails with one
     * line naming it.
     */
    public static void awaitAnswer(String what, URI url, Duration wait, boolean ok) {
        long deadline = System.nanoTime() + wait.toNanos();
        String problem;
        while (true) {
            try {
                HttpResponse<String> response = LabHttp.get(url);
                if (!ok || response.statusCode() == 200) {
                    return;
                }
                problem = "answers HTTP " + response.statusCode();
            }
            catch (IOException ex) {
                problem = "does not answer ("
                        + (ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage()) + ")";
            }
            if (System.nanoTime() >= deadline) {
                throw new LabException(what + " at " + url + " " + problem
                        + ": the lab does not start a remote system; start it, or fix the address in the REMOTE file");
            }
            try {
                Thread.sleep(500);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted while waiting for " + url);
            }
        }
    }

    static URI origin(URI url) {
        return URI.create(url.getScheme() + "://" + url.getRawAuthority() + "/");
    }

    @Override
    public List<Remote> services() {
        return services;
    }

    @Override
    public Optional<Remote> find(Service service) {
        return services.stream().filter(s -> s.service() == service).findFirst();
    }

    /** Stops nothing: the lab did not start these apps. */
    @Override
    public void close() {
    }

}
