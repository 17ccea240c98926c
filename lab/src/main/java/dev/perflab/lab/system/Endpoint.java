package dev.perflab.lab.system;

import java.net.URI;

/**
 * Where one app of the system under test answers: its base address and its Prometheus
 * scrape.
 */
public interface Endpoint {

    Service service();

    /** The app's own address; {@code /actuator/metrics/...} is read under it. */
    URI baseUri();

    /** The app's {@code /actuator/prometheus}. */
    default URI prometheusUri() {
        return uri("/actuator/prometheus");
    }

    /**
     * A gateway the user brought (GATEWAY_JAR): the lab reads none of its own metrics
     * there.
     */
    default boolean foreign() {
        return false;
    }

    default URI uri(String pathAndQuery) {
        return baseUri().resolve(pathAndQuery);
    }

}
