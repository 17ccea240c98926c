package dev.perflab.lean;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@code lean.gateway.request-id-header} (off unless a header name is set, e.g.
 * {@code X-Request-Id}): every request gets a fresh id as an exchange attribute
 * ({@link LeanRequestIdFilter}), sent downstream under that header
 * ({@link RequestIdHeadersFilter}), without the {@code exchange.mutate()} that a
 * GlobalFilter adding a header usually does (a second request and a copy of its headers).
 * A name HTTP gives a meaning of its own is refused when the properties are bound
 * ({@link RequestIdHeaderName}).
 */
@AutoConfiguration
@ConditionalOnProperty(name = RequestIdAutoConfiguration.PROPERTY)
@EnableConfigurationProperties(LeanGatewayProperties.class)
public class RequestIdAutoConfiguration {

    /** The header name, e.g. X-Request-Id; not set (or false): off. */
    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".request-id-header";

    @Bean
    LeanRequestIdFilter leanRequestIdFilter() {
        return new LeanRequestIdFilter();
    }

    @Bean
    RequestIdHeadersFilter requestIdHeadersFilter(LeanGatewayProperties properties) {
        return new RequestIdHeadersFilter(properties.getRequestIdHeader());
    }

}
