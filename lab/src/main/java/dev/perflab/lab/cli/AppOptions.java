package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.perflab.lab.Durations;
import dev.perflab.lab.JavaOptions;
import dev.perflab.lab.LabException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The apps' knobs, declared once for every command that starts them (sequential and
 * paired): where, their JVM options, auth-service's latency, the route and header the
 * load uses, and how long each may take to become healthy.
 */
public class AppOptions {

    @Mixin
    PlaceOptions place = new PlaceOptions();

    @Option(names = "--auth-latency", defaultValue = "${env:AUTH_LATENCY:-1ms}",
            description = "Latency auth-service injects per check: 1ms, 0.5ms-2ms, 0 (default: ${DEFAULT-VALUE}).")
    String authLatency;

    @Option(names = "--java-opts", defaultValue = "${env:JAVA_OPTS:--Xms1g -Xmx1g}",
            description = "JVM options for every app (default: ${DEFAULT-VALUE}).")
    String javaOpts;

    @Option(names = "--gateway-java-opts", defaultValue = "${env:GATEWAY_JAVA_OPTS:-}",
            description = "JVM options for the gateway (each gateway of a pair) only, after --java-opts (default: none).")
    String gatewayJavaOpts;

    @Option(names = "--route", defaultValue = "${env:ROUTE:-/service/hello}",
            description = "Path (and query) the load sends through the gateway (default: ${DEFAULT-VALUE}).")
    String route;

    @Option(names = "--token-header", defaultValue = "${env:TOKEN_HEADER:-Authorization: Bearer lab-token}",
            description = "Header line each request through the gateway carries, 'Name: value'; 'none' for none (default: ${DEFAULT-VALUE}).")
    String tokenHeader;

    @Option(names = "--health-timeout", defaultValue = "${env:HEALTH_TIMEOUT:-120s}", converter = Durations.class,
            description = "How long each app may take to become healthy, e.g. 120s or 2m (default: ${DEFAULT-VALUE}).")
    Duration healthTimeout;

    public Path root() {
        return place.root();
    }

    public Path repository() {
        return place.repository();
    }

    public Path results() {
        return place.results();
    }

    public String authLatency() {
        return authLatency;
    }

    public String javaOpts() {
        return javaOpts;
    }

    public String gatewayJavaOpts() {
        return gatewayJavaOpts == null ? "" : gatewayJavaOpts.trim();
    }

    /** JAVA_OPTS as JVM options; a quote is one line. */
    List<String> javaOptions() {
        return JavaOptions.split(javaOpts, "JAVA_OPTS");
    }

    /** GATEWAY_JAVA_OPTS as JVM options; a quote is one line. */
    List<String> gatewayJavaOptions() {
        return JavaOptions.split(gatewayJavaOpts, "GATEWAY_JAVA_OPTS");
    }

    public Duration healthTimeout() {
        if (healthTimeout.isZero()) {
            throw new LabException("HEALTH_TIMEOUT must be more than 0s");
        }
        return healthTimeout;
    }

    /** ROUTE, checked. */
    public String route() {
        return SystemOptions.checkRoute(route);
    }

    /** TOKEN_HEADER, checked; null for none. */
    public String tokenHeader() {
        return SystemOptions.checkTokenHeader(tokenHeader);
    }

    /** Every knob here checked once; a bad one is one line naming it. */
    public void validate() {
        healthTimeout();
        SystemOptions.checkAuthLatency(authLatency, "AUTH_LATENCY");
        route();
        tokenHeader();
    }

}
