package dev.perflab.gateway.logging;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** How the gateway writes its request log: {@code lab.logging}. */
@ConfigurationProperties("lab")
public record RequestLoggingProperties(RequestLogging logging) {
}
