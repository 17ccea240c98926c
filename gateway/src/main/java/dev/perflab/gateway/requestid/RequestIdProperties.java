package dev.perflab.gateway.requestid;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Where the gateway's request ids come from: {@code lab.request-id}. */
@ConfigurationProperties("lab")
public record RequestIdProperties(RequestIdGenerator requestId) {
}
