package dev.perflab.gateway.requestid;

import dev.perflab.lean.LeanRequestIdFilter;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Gives every routed request a fresh id, sent downstream as {@code X-Request-Id}, through
 * {@code exchange.mutate()}. With {@code lab.request-id=lean} (profile {@code rid-lean})
 * gateway-lean's {@link LeanRequestIdFilter} does it instead, and this filter is absent.
 */
@Component
@ConditionalOnExpression("!'${lab.request-id:uuid}'.equalsIgnoreCase('lean')")
public class RequestIdGlobalFilter implements GlobalFilter, Ordered {

    public static final String HEADER = "X-Request-Id";

    /** The same attribute as gateway-lean's, so the request log reads either. */
    public static final String ATTRIBUTE = LeanRequestIdFilter.ATTRIBUTE;

    private final RequestIdGenerator generator;

    RequestIdGlobalFilter(RequestIdProperties properties) {
        this.generator = properties.requestId();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        String id = generator.get();
        exchange.getAttributes().put(ATTRIBUTE, id);
        ServerWebExchange withId = exchange.mutate()
            .request(request -> request.headers(h -> h.set(HEADER, id)))
            .build();
        return chain.filter(withId);
    }

    @Override
    public int getOrder() {
        return -200;
    }

    @Override
    public String toString() {
        return "RequestIdGlobalFilter[" + generator + "]";
    }

}
