package dev.perflab.gateway.mode;

import dev.perflab.gateway.logging.RequestLogging;
import dev.perflab.gateway.requestid.RequestIdGenerator;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The gateway's modes outside auth: {@code lab.logging} and {@code lab.request-id}. */
@ConfigurationProperties("lab")
public record LabProperties(RequestLogging logging, RequestIdGenerator requestId) {
}
