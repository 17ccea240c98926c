package dev.perflab.gateway.routing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.perflab.gateway.PlainTextResponse;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriUtils;

/**
 * Keeps routed paths inside the backend's public API: a path the backend could normalise
 * into another one ({@code /service/../actuator/env}, encoded dots or slashes,
 * {@code //}, matrix parameters) is refused with 400, and {@code /service/actuator/**} is
 * never routed (404).
 * <p>
 * The route forwards the raw path, still encoded, and the backend decodes it: so the 404
 * is decided on the path the backend will see ({@link #backendPath}), not on the bytes of
 * the request line, or {@code /service/%61ctuator/prometheus} would reach the backend's
 * {@code /actuator/prometheus}. And it is decided for every route filter the lab ships,
 * since the route's {@code Path=/service/**} matches decoded segments while its filters
 * work on the raw path: {@code RewritePath} removes {@code /service} only when the raw
 * path starts with it, {@code StripPrefix=1} (the strip-prefix profile) and
 * gateway-lean's {@code LeanStripPrefix=1} (strip-lean) drop the first raw segment
 * whatever it is, so {@code /servic%65/actuator/prometheus} reached the backend's
 * actuator there.
 */
@Component
class PathGuardGlobalFilter implements GlobalFilter, Ordered {

    static final String PREFIX = "/service";

    private static final List<String> AMBIGUOUS = List.of("/./", "/../", "//", "%2e", "%2f", "%5c", "\\", ";", "%00");

    /**
     * More rounds than any real client sends; a path still changing after them is refused
     * rather than followed further.
     */
    private static final int MAX_DECODING_ROUNDS = 8;

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        String raw = exchange.getRequest().getURI().getRawPath();
        String path = raw.toLowerCase(Locale.ROOT);
        if (AMBIGUOUS.stream().anyMatch(path::contains) || path.endsWith("/..") || path.endsWith("/.")) {
            return PlainTextResponse.send(exchange, 400, "path not allowed");
        }
        List<Optional<String>> backends = List.of(backendPath(rewritten(raw)), backendPath(stripped(raw)));
        if (backends.stream().anyMatch(Optional::isEmpty)) {
            return PlainTextResponse.send(exchange, 400, "path not allowed");
        }
        if (backends.stream().map(Optional::get).anyMatch(PathGuardGlobalFilter::isActuator)) {
            return PlainTextResponse.send(exchange, 404, "not routed");
        }
        return chain.filter(exchange);
    }

    /**
     * The raw path after the default route's {@code RewritePath=/service/?(?<segment>.*),
     * /${segment}}: {@code /service} removed only where the raw path starts with it.
     */
    static String rewritten(String rawPath) {
        return rawPath.startsWith(PREFIX) ? rawPath.substring(PREFIX.length()) : rawPath;
    }

    /**
     * The raw path after the strip-prefix profile's {@code StripPrefix=1} (and
     * strip-lean's {@code LeanStripPrefix=1}): its first segment dropped, whatever it is
     * ({@code /servic%65/x} → {@code /x}).
     */
    static String stripped(String rawPath) {
        String rest = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        int slash = rest.indexOf('/');
        return slash < 0 ? "/" : rest.substring(slash);
    }

    /**
     * The path the backend serves for a raw path as the route's filter left it, as the
     * most lenient server would read it: percent-decoded until nothing changes (a proxy
     * or framework in between may decode once more: {@code %2561} → {@code %61} →
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

    private static boolean isActuator(String backendPath) {
        String path = backendPath.toLowerCase(Locale.ROOT);
        return path.equals("/actuator") || path.startsWith("/actuator/");
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
