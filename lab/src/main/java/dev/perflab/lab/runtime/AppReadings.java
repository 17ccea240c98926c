package dev.perflab.lab.runtime;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.AtomicFiles;
import dev.perflab.lab.system.Endpoint;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.GatewayMetrics;

/**
 * What the rung reads of its apps over HTTP, whichever runtime started them: their
 * scrapes.
 */
final class AppReadings {

    private AppReadings() {
    }

    /** Reads every endpoint the measured window will read. */
    static void prime(Apps apps) {
        for (Endpoint service : labApps(apps)) {
            try {
                LabHttp.read(service.prometheusUri());
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
        try {
            // Before the first request these meters may not exist yet; the read still
            // warms the endpoint.
            GatewayMetrics.Timings.read(apps);
            new ActuatorMetrics(apps.get(Service.BUSINESS).baseUri())
                .counter("http.server.requests", Map.of("uri", "/hello"))
                .getAsDouble();
        }
        catch (LabException ex) {
            // nothing to prime beyond what was read
        }
    }

    static void scrape(Apps apps, Path dir, String when) {
        for (Endpoint service : apps.services()) {
            if (service.foreign()) {
                scrapeForeign(service, dir, when);
                continue;
            }
            try {
                AtomicFiles.write(dir.resolve("scrapes").resolve(service.service().id() + "-" + when + ".prom"),
                        LabHttp.read(service.prometheusUri()).body());
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
    }

    /**
     * A foreign gateway's Prometheus metrics are kept when it serves them; without them
     * nothing is written, and nothing fails.
     */
    private static void scrapeForeign(Endpoint gateway, Path dir, String when) {
        try {
            HttpResponse<String> response = LabHttp.get(gateway.uri("/actuator/prometheus"));
            if (response.statusCode() == 200) {
                AtomicFiles.write(dir.resolve("scrapes").resolve(gateway.service().id() + "-" + when + ".prom"),
                        response.body());
            }
        }
        catch (IOException ex) {
            // none to keep
        }
    }

    /** The apps whose endpoints the lab knows: all but a foreign gateway. */
    private static List<Endpoint> labApps(Apps apps) {
        return apps.services().stream().<Endpoint>map(e -> e).filter(service -> !service.foreign()).toList();
    }

}
