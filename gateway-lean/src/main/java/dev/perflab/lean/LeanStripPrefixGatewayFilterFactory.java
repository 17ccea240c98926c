package dev.perflab.lean;

import java.util.List;

import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.RouteToRequestUrlFilter;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;

/**
 * {@code LeanStripPrefix=N} in a route: the first N segments of the path removed from the
 * URL the routing filter calls, as {@code StripPrefix=N} removes them, but without
 * {@code request.mutate()} and {@code exchange.mutate()} (a second request with a copy of
 * every header, a second exchange). It runs right after {@link RouteToRequestUrlFilter}
 * and rewrites only the path of the URL that filter put in
 * {@link ServerWebExchangeUtils#GATEWAY_REQUEST_URL_ATTR}. The backend gets the same path
 * and query as with {@code StripPrefix}; filters of the gateway still see the request's
 * own path, and the stripping comes after every other path filter of the route.
 */
public class LeanStripPrefixGatewayFilterFactory
        extends AbstractGatewayFilterFactory<LeanStripPrefixGatewayFilterFactory.Config> {

    /** Right after the URL to route to is known, before load balancing and routing. */
    public static final int ORDER = RoutedPath.ORDER;

    public LeanStripPrefixGatewayFilterFactory() {
        super(Config.class);
    }

    @Override
    public List<String> shortcutFieldOrder() {
        return List.of("parts");
    }

    @Override
    public GatewayFilter apply(Config config) {
        if (config.getParts() < 0) {
            throw new IllegalArgumentException("LeanStripPrefix needs parts of 0 or more, not " + config.getParts());
        }
        int parts = config.getParts();
        return RoutedPath.filter("LeanStripPrefix[parts = " + parts + "]",
                (exchange, rawPath) -> strippedPath(rawPath, parts));
    }

    /**
     * The raw path without its first {@code parts} non-empty segments, as
     * {@code StripPrefix} makes it: empty segments dropped, always starting with
     * {@code /}, a trailing {@code /} kept when something is left before it.
     */
    static String strippedPath(String rawPath, int parts) {
        StringBuilder path = new StringBuilder("/");
        int segment = 0;
        int start = 0;
        while (start <= rawPath.length()) {
            int slash = rawPath.indexOf('/', start);
            int end = slash < 0 ? rawPath.length() : slash;
            if (end > start) {
                if (segment >= parts) {
                    if (path.length() > 1) {
                        path.append('/');
                    }
                    path.append(rawPath, start, end);
                }
                segment++;
            }
            if (slash < 0) {
                break;
            }
            start = slash + 1;
        }
        if (path.length() > 1 && rawPath.endsWith("/")) {
            path.append('/');
        }
        return path.toString();
    }

    /** How many leading path segments to remove. */
    public static class Config {

        private int parts = 1;

        public int getParts() {
            return parts;
        }

        public void setParts(int parts) {
            this.parts = parts;
        }

    }

}
