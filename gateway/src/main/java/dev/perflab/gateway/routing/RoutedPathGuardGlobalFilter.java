package dev.perflab.gateway.routing;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

import dev.perflab.gateway.web.PlainTextResponse;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriUtils;

/**
 * The path guard's second half: the backend's actuator is never routed (404), decided on
 * the path of the URL the routing filter is about to call, as the route's filters left
 * it. A model of each filter missed some: {@code StripPrefix=1} and gateway-lean's
 * {@code LeanStripPrefix=1} drop the first raw segment whatever it is
 * ({@code /servic%65/actuator/prometheus}), and {@code LeanSetPath=/{b}} on
 * {@code Path=/service/{a}/{b}} takes {@code /service/x/actuator} to {@code /actuator}.
 * <p>
 * The route forwards the raw path, still encoded, and the backend decodes it: so the 404
 * is decided on the path the backend will serve ({@link #backendPath}), not on the bytes
 * sent, or {@code /%61ctuator/prometheus} would reach the backend's
 * {@code /actuator/prometheus}.
 */
@Component
class RoutedPathGuardGlobalFilter implements GlobalFilter, Ordered {

    /**
     * After every path filter (the stock ones run before {@code RouteToRequestUrlFilter}
     * at 10000, gateway-lean's at 10001) and the load balancer (10150), before the
     * routing filters ({@code WebsocketRoutingFilter} at {@code LOWEST_PRECEDENCE - 1},
     * {@code NettyRoutingFilter} at {@code LOWEST_PRECEDENCE}).
     */
    static final int ORDER = Ordered.LOWEST_PRECEDENCE - 2;

    /**
     * More rounds than any real client sends; a path still changing after them is refused
     * rather than followed further.
     */
    private static final int MAX_DECODING_ROUNDS = 8;

    private static final String ACTUATOR = "/actuator";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        URI url = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR);
        if (url == null) {
            return chain.filter(exchange);
        }
        String raw = url.getRawPath() == null ? "" : url.getRawPath();
        if (plain(raw)) {
            return isActuator(raw) ? PlainTextResponse.send(exchange, 404, "not routed") : chain.filter(exchange);
        }
        Optional<String> backend = backendPath(raw);
        if (backend.isEmpty()) {
            return PlainTextResponse.send(exchange, 400, "path not allowed");
        }
        if (isActuator(backend.get())) {
            return PlainTextResponse.send(exchange, 404, "not routed");
        }
        return chain.filter(exchange);
    }

    /**
     * The path the backend serves for a raw path as the route sends it, as the most
     * lenient server would read it: percent-decoded until nothing changes (a proxy or
     * framework in between may decode once more: {@code %2561} → {@code %61} →
     * {@code a}), {@code ;} parameters cut from each segment, empty and {@code .}
     * segments dropped and {@code ..} applied. Empty when no server could agree on one: a
     * malformed escape, a path that keeps decoding, a backslash, a control character, or
     * {@code ..} above the root.
     */
    static Optional<String> backendPath(String routedRawPath) {
        String decoded = routedRawPath;
        for (int round = 0;; round++) {
            if (round == MAX_DECODING_ROUNDS) {
                return Optional.empty();
            }
            String next;
            try {
                next = UriUtils.decode(decoded, StandardCharsets.UTF_8);
            }
            catch (IllegalArgumentException malformedEscape) {
                return Optional.empty();
            }
            if (next.equals(decoded)) {
                break;
            }
            decoded = next;
        }
        if (decoded.indexOf('\\') >= 0 || decoded.chars().anyMatch(Character::isISOControl)) {
            return Optional.empty();
        }
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : decoded.split("/", -1)) {
            int parameters = segment.indexOf(';');
            String name = parameters >= 0 ? segment.substring(0, parameters) : segment;
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                if (segments.pollLast() == null) {
                    return Optional.empty();
                }
                continue;
            }
            segments.addLast(name);
        }
        return Optional.of("/" + String.join("/", segments));
    }

    /**
     * Whether a raw path is already what the backend serves (no escape, parameter,
     * backslash, control character, empty or dot segment): then it is read as it is,
     * without a copy, on every request of a route such as /service/hello.
     */
    static boolean plain(String raw) {
        if (raw.isEmpty() || raw.charAt(0) != '/') {
            return false;
        }
        char previous = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            boolean emptyOrDot = previous == '/' && (c == '/' || c == '.');
            if (c == '%' || c == ';' || c == '\\' || Character.isISOControl(c) || emptyOrDot) {
                return false;
            }
            previous = c;
        }
        return true;
    }

    private static boolean isActuator(String backendPath) {
        return backendPath.regionMatches(true, 0, ACTUATOR, 0, ACTUATOR.length())
                && (backendPath.length() == ACTUATOR.length() || backendPath.charAt(ACTUATOR.length()) == '/');
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public String toString() {
        return "RoutedPathGuardGlobalFilter[/actuator]";
    }

}
