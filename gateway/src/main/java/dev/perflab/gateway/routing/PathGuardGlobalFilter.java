package dev.perflab.gateway.routing;

import java.util.List;
import java.util.Locale;

import dev.perflab.gateway.web.PlainTextResponse;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * The path guard's first half: a request path the backend could normalise into another
 * one ({@code /service/../actuator/env}, encoded dots or slashes, {@code //}, matrix
 * parameters) is refused with 400 before any other filter runs. The second half,
 * {@link RoutedPathGuardGlobalFilter}, keeps the backend's actuator unrouted, decided on
 * the path the route sends.
 */
@Component
class PathGuardGlobalFilter implements GlobalFilter, Ordered {

    static final String PREFIX = "/service";

    private static final List<String> AMBIGUOUS = List.of("/./", "/../", "//", "%2e", "%2f", "%5c", "\\", ";", "%00");

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        String path = exchange.getRequest().getURI().getRawPath().toLowerCase(Locale.ROOT);
        if (AMBIGUOUS.stream().anyMatch(path::contains) || path.endsWith("/..") || path.endsWith("/.")) {
            return PlainTextResponse.send(exchange, 400, "path not allowed");
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
