package dev.perflab.lean;

import java.util.regex.Pattern;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * {@code lean.gateway.request-id-header} (off unless a header name is set, e.g.
 * {@code X-Request-Id}): every request gets a fresh id as an exchange attribute
 * ({@link LeanRequestIdFilter}), sent downstream under that header
 * ({@link RequestIdHeadersFilter}), without the {@code exchange.mutate()} that a
 * GlobalFilter adding a header usually does (a second request and a copy of its headers).
 */
@AutoConfiguration
@ConditionalOnProperty(name = RequestIdAutoConfiguration.PROPERTY)
public class RequestIdAutoConfiguration {

    /** The header name, e.g. X-Request-Id; not set (or false): off. */
    public static final String PROPERTY = "lean.gateway.request-id-header";

    /** An HTTP header name: a token (RFC 9110, 5.6.2). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    @Bean
    LeanRequestIdFilter leanRequestIdFilter() {
        return new LeanRequestIdFilter();
    }

    @Bean
    RequestIdHeadersFilter requestIdHeadersFilter(Environment environment) {
        return new RequestIdHeadersFilter(headerName(environment.getProperty(PROPERTY, "")));
    }

    static String headerName(String value) {
        String name = value.trim();
        if (!TOKEN.matcher(name).matches()) {
            throw new IllegalStateException(
                    PROPERTY + " is '" + value + "': give a header name of letters, digits and -, e.g. X-Request-Id");
        }
        return name;
    }

}
