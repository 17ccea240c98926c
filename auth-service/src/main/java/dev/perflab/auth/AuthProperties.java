package dev.perflab.auth;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Start-up values of the token check and the injected faults; {@link FaultSettings} holds
 * the values in force, which the admin endpoint can change while a load test runs.
 */
@ConfigurationProperties("lab.auth")
record AuthProperties(List<String> tokens, String latency, double errorRate) {

    AuthProperties {
        tokens = (tokens == null || tokens.isEmpty()) ? List.of("lab-token") : List.copyOf(tokens);
        latency = (latency == null || latency.isBlank()) ? "0" : latency;
    }
}
