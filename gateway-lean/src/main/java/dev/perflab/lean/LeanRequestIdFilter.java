package dev.perflab.lean;

import java.util.concurrent.ThreadLocalRandom;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;

/**
 * Gives every request a fresh id as an exchange attribute ({@link #ATTRIBUTE}), where
 * logging reads it, and nothing else: no {@code exchange.mutate()}, so the request and
 * its headers are not rebuilt. {@link RequestIdHeadersFilter} sends the id downstream in
 * the copy of the headers that the routing filter makes anyway.
 */
public final class LeanRequestIdFilter implements GlobalFilter, Ordered {

    /** The exchange attribute that holds the request's id. */
    public static final String ATTRIBUTE = "dev.perflab.lean.request-id";

    /** Early, so that filters after it (a request log) see the id. */
    public static final int ORDER = -200;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        exchange.getAttributes().put(ATTRIBUTE, next());
        return chain.filter(exchange);
    }

    /**
     * 64 random bits from {@link ThreadLocalRandom} as 16 lower-case hex digits: no
     * shared SecureRandom (what {@code UUID.randomUUID()} takes a lock on), unique enough
     * for tracing.
     */
    public static String next() {
        long bits = ThreadLocalRandom.current().nextLong();
        char[] digits = new char[16];
        for (int i = digits.length - 1; i >= 0; i--) {
            digits[i] = HEX[(int) (bits & 0xf)];
            bits >>>= 4;
        }
        return new String(digits);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public String toString() {
        return "LeanRequestIdFilter[" + ATTRIBUTE + "]";
    }

}
