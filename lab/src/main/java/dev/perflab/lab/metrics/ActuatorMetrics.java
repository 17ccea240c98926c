package dev.perflab.lab.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.util.function.DoubleSupplier;

/**
 * Reads one meter from a service's {@code /actuator/metrics/<name>} endpoint (JSON): a
 * statistic filtered by tags, and the tag values the meter carries. A meter that was
 * never recorded reads 0.
 */
public final class ActuatorMetrics {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI base;

    public ActuatorMetrics(URI base) {
        this.base = base;
    }

    /** The COUNT statistic (or 0 when the meter does not exist yet). */
    public double count(String metric, Map<String, String> tags) {
        return statistic(metric, tags, "COUNT");
    }

    /** A live reading of a counter, for progress lines. */
    public DoubleSupplier counter(String metric, Map<String, String> tags) {
        return () -> count(metric, tags);
    }

    public double statistic(String metric, Map<String, String> tags, String statistic) {
        JsonNode meter = read(metric, tags);
        if (meter == null) {
            return 0;
        }
        for (JsonNode measurement : meter.path("measurements")) {
            if (statistic.equals(measurement.path("statistic").asString())) {
                return measurement.path("value").asDouble();
            }
        }
        return 0;
    }

    /**
     * The requests an app served outside /actuator (http.server.requests, summed over its
     * uri tags): what reached it through a route.
     */
    public double requestsOutsideActuator() {
        double sum = 0;
        for (String uri : tags("http.server.requests").getOrDefault("uri", List.of())) {
            if (!uri.startsWith("/actuator")) {
                sum += count("http.server.requests", Map.of("uri", uri));
            }
        }
        return sum;
    }

    /**
     * Tag name to the values seen, e.g. {@code auth_client -> [blocking]}; empty when
     * absent.
     */
    public Map<String, List<String>> tags(String metric) {
        JsonNode meter = read(metric, Map.of());
        Map<String, List<String>> tags = new LinkedHashMap<>();
        if (meter != null) {
            for (JsonNode tag : meter.path("availableTags")) {
                tags.put(tag.path("tag").asString(), tag.path("values").valueStream().map(JsonNode::asString).toList());
            }
        }
        return tags;
    }

    private JsonNode read(String metric, Map<String, String> tags) {
        StringBuilder path = new StringBuilder("/actuator/metrics/").append(metric);
        String separator = "?";
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            path.append(separator)
                .append("tag=")
                .append(URLEncoder.encode(tag.getKey() + ":" + tag.getValue(), StandardCharsets.UTF_8));
            separator = "&";
        }
        URI uri = base.resolve(path.toString());
        try {
            HttpResponse<String> response = LabHttp.read(uri);
            if (response.statusCode() == 404) {
                return null;
            }
            if (response.statusCode() != 200) {
                throw new LabException("metrics endpoint " + uri + " answered " + response.statusCode());
            }
            return JSON.readTree(response.body());
        }
        catch (IOException ex) {
            throw new LabException("cannot read metrics from " + uri + ": " + LabException.describe(ex), ex);
        }
    }

}
