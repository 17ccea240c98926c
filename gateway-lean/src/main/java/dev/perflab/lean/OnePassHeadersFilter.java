package dev.perflab.lean;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.netty.handler.codec.http.DefaultHttpHeaders;

import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.support.Netty4HeadersAdapter;
import org.springframework.web.server.ServerWebExchange;

/**
 * What Spring Cloud Gateway's {@code RemoveHopByHopHeadersFilter},
 * {@code RemoveForwardedHeadersFilter} and {@code RemoveXForwardedHeadersFilter} remove,
 * in one copy of the headers instead of one copy each: hop-by-hop headers (its default
 * set, and those the {@code Connection} header names) both ways, and on requests, when
 * the gateway trusts no proxy, {@code Forwarded} and {@code X-Forwarded-*} as a client
 * sent them. Names are compared without building lower-case copies, and the copy is a
 * Netty header map, which hashes names case-insensitively as they are.
 */
public final class OnePassHeadersFilter implements HttpHeadersFilter, Ordered {

    private static final String X_FORWARDED = "x-forwarded-";

    private final HttpHeadersFilter.Type type;

    private final boolean forwarded;

    private final boolean xForwarded;

    private static final Set<String> HOP_BY_HOP = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    static {
        HOP_BY_HOP.addAll(RemoveHopByHopHeadersFilter.HEADERS_REMOVED_ON_REQUEST);
    }

    public OnePassHeadersFilter(HttpHeadersFilter.Type type, boolean forwarded, boolean xForwarded) {
        this.type = type;
        this.forwarded = forwarded && type == Type.REQUEST;
        this.xForwarded = xForwarded && type == Type.REQUEST;
    }

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        List<String> connection = input.get(HttpHeaders.CONNECTION);
        Set<String> named = connection == null ? Set.of() : connectionOptions(connection);
        HttpHeaders filtered = new HttpHeaders(new Netty4HeadersAdapter(new DefaultHttpHeaders(false)));
        for (Map.Entry<String, List<String>> header : input.headerSet()) {
            String name = header.getKey();
            if (!removed(name) && !named.contains(name)) {
                filtered.addAll(name, header.getValue());
            }
        }
        return filtered;
    }

    private boolean removed(String name) {
        return HOP_BY_HOP.contains(name) || (forwarded && name.equalsIgnoreCase("forwarded"))
                || (xForwarded && name.regionMatches(true, 0, X_FORWARDED, 0, X_FORWARDED.length()));
    }

    private static Set<String> connectionOptions(List<String> values) {
        Set<String> options = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String value : values) {
            for (String option : value.split(",")) {
                if (!option.isBlank()) {
                    options.add(option.trim());
                }
            }
        }
        return options;
    }

    @Override
    public boolean supports(Type type) {
        return this.type == type;
    }

    /**
     * Where {@code RemoveHopByHopHeadersFilter} runs: after the filters that add headers.
     */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 1;
    }

    @Override
    public String toString() {
        return "OnePassHeadersFilter[" + type + (forwarded ? ", Forwarded" : "") + (xForwarded ? ", X-Forwarded-*" : "")
                + "]";
    }

}
