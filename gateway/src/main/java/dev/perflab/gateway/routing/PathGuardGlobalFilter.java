package dev.perflab.gateway.routing;

import java.util.List;
import java.util.Locale;

import dev.perflab.gateway.PlainTextResponse;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Keeps routed paths inside the backend's public API: a path the backend could normalise into
 * another one ({@code /service/../actuator/env}, encoded dots or slashes, {@code //}, matrix
 * parameters) is refused with 400, and {@code /service/actuator/**} is never routed (404).
 */
@Component
class PathGuardGlobalFilter implements GlobalFilter, Ordered {

    static final String PREFIX = "/service";
    private static final List<String> AMBIGUOUS = List.of("/./", "/../", "//", "%2e", "%2f", "%5c", "\\", ";", "%00");

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        String raw = exchange.getRequest().getURI().getRawPath();
        String path = raw.toLowerCase(Locale.ROOT);
        if (AMBIGUOUS.stream().anyMatch(path::contains) || path.endsWith("/..") || path.endsWith("/.")) {
            return PlainTextResponse.send(exchange, 400, "path not allowed");
        }
        String downstream = path.startsWith(PREFIX) ? path.substring(PREFIX.length()) : path;
        if (downstream.equals("/actuator") || downstream.startsWith("/actuator/")) {
            return PlainTextResponse.send(exchange, 404, "not routed");
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public String toString() {
        return "PathGuardGlobalFilter[" + PREFIX + "]";
    }
}
