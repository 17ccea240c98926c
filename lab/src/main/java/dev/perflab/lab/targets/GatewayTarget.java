package dev.perflab.lab.targets;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.Apps;

/**
 * The gateway with a rung's profiles, in front of auth-service and business-service: the
 * lab's own, or the user's ({@code GATEWAY_JAR}/{@code GATEWAY_IMAGE}), which must route
 * {@code ROUTE} to business-service before any load is offered.
 */
final class GatewayTarget implements Target {

    private final List<LaunchSpec> backends;

    private final LaunchSpec gateway;

    private final String route;

    private final String header;

    /**
     * @param gateway the gateway's launch spec with the rung's profiles and any profiler
     * agent already applied
     * @param route the path the load hits (ROUTE)
     * @param header the header line each request carries (TOKEN_HEADER), or null
     */
    GatewayTarget(LaunchSpec business, LaunchSpec auth, LaunchSpec gateway, String route, String header) {
        this.backends = List.of(business, auth);
        this.gateway = gateway;
        this.route = route;
        this.header = header;
    }

    @Override
    public Map<String, String> mode(Apps apps, boolean asDeployed) {
        return GatewayMetrics.mode(apps, asDeployed);
    }

    @Override
    public GatewayMetrics.Timings timings(Apps apps) {
        return GatewayMetrics.Timings.read(apps);
    }

    @Override
    public TargetKind kind() {
        return TargetKind.GATEWAY;
    }

    @Override
    public String describe() {
        String profiles = gateway.profiles().isEmpty() ? "default" : String.join(",", gateway.profiles());
        if (gateway.isForeign()) {
            return " (your gateway: " + gateway.foreign().line() + "; Spring profiles: " + profiles + "; " + route
                    + ")";
        }
        return " (gateway profiles: " + profiles + ")";
    }

    @Override
    public List<LaunchSpec> specs(String authLatency) {
        return List.of(backends.get(0), Targets.withAuthLatency(backends.get(1), authLatency), gateway);
    }

    /**
     * A foreign gateway's route is checked before any load: one request that must come
     * back 2xx from business-service.
     */
    @Override
    public Extras startExtras(LabSystem apps, Path dir) {
        if (gateway.isForeign()) {
            requireRoutes(apps.get(Service.GATEWAY).uri(route), header,
                    new ActuatorMetrics(apps.get(Service.BUSINESS).baseUri()));
        }
        return Extras.NONE;
    }

    /**
     * One GET on the route with the header: its status must be 2xx and business-service's
     * count of requests outside /actuator must rise (a 200 the gateway made up itself is
     * no route); else one line naming what came back.
     */
    static void requireRoutes(URI url, String header, ActuatorMetrics business) {
        double before = business.requestsOutsideActuator();
        int status;
        try {
            HttpResponse<String> response = LabHttp.get(url, header == null ? Map.of() : headers(header));
            status = response.statusCode();
        }
        catch (IOException ex) {
            throw new LabException("the gateway does not route " + url.getRawPath() + " to the backend (GET " + url
                    + " failed: " + ex.getMessage() + ")");
        }
        if (status / 100 != 2) {
            throw new LabException(
                    "the gateway does not route " + url.getRawPath() + " to the backend (GET " + url + " -> status "
                            + status
                            + (header == null ? ""
                                    : ", with " + header.substring(0, header.indexOf(':')) + " from TOKEN_HEADER")
                            + ")");
        }
        // business-service counts a request when its response is complete, which may be a
        // moment after the client has it
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (business.requestsOutsideActuator() <= before) {
            if (System.nanoTime() > deadline) {
                throw new LabException("the gateway does not route " + url.getRawPath() + " to the backend (GET " + url
                        + " -> status " + status + ", but business-service saw no request)");
            }
            try {
                Thread.sleep(100);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted while checking the gateway's route");
            }
        }
    }

    private static Map<String, String> headers(String line) {
        int colon = line.indexOf(':');
        return Map.of(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
    }

    @Override
    public URI url(RemoteConfig remote) {
        return remote.gateway();
    }

    /**
     * The overlay named like the rung (or like its only profile): the gateway with the
     * rung's profiles.
     */
    @Override
    public Optional<Path> overlay(KubernetesRollout kubernetes, Scenario rung) {
        return kubernetes.overlay(rung.name(), rung.profiles());
    }

    @Override
    public URI url(LabSystem apps, Extras extras) {
        return apps.get(Service.GATEWAY).uri(route);
    }

    @Override
    public String header() {
        return header;
    }

    @Override
    public ForeignGateway foreign() {
        return gateway.foreign();
    }

}
