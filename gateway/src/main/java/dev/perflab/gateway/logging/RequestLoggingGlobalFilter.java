package dev.perflab.gateway.logging;

import dev.perflab.gateway.requestid.RequestIdGlobalFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Two INFO lines per routed request, at start and end, as the published gateway wrote
 * them. Where they go is Logback's business ({@code logback-spring.xml}): a file appender
 * written on the calling event-loop thread ({@code log-sync}), the same behind an
 * AsyncAppender ({@code log-async}), or nowhere at level ERROR ({@code log-quiet}).
 */
@Component
class RequestLoggingGlobalFilter implements GlobalFilter, Ordered {

    static final String LOGGER = "dev.perflab.gateway.requests";

    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        if (!log.isInfoEnabled()) {
            return chain.filter(exchange);
        }
        ServerHttpRequest request = exchange.getRequest();
        Object id = exchange.getAttribute(RequestIdGlobalFilter.ATTRIBUTE);
        long start = System.nanoTime();
        log.info("start {} {} rid={}", request.getMethod(), request.getPath(), id);
        return chain.filter(exchange)
            .doFinally(signal -> log.info("end {} {} status={} took={}us rid={}", request.getMethod(),
                    request.getPath(), exchange.getResponse().getStatusCode(), (System.nanoTime() - start) / 1000, id));
    }

    @Override
    public int getOrder() {
        return -150;
    }

    @Override
    public String toString() {
        return "RequestLoggingGlobalFilter[" + LOGGER + "]";
    }

}
