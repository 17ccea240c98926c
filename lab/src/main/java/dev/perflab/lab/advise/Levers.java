package dev.perflab.lab.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;

/**
 * The levers make advise knows: what the lab found cheaper on its own gateway (docs 14)
 * that a user can pull on any Spring Cloud Gateway 5.x jar without changing its code. The
 * default list is the ones that fit the time budget; LEVERS= names others or fewer.
 */
public final class Levers {

    static final String GATEWAY = "spring.cloud.gateway.server.webflux.";

    /** Every lever, in the order a chain adds them: Spring properties, then the JVM's. */
    public static final List<Lever> ALL = List.of(
            Lever.properties("route-filter-cache",
                    "each route's sorted filter chain cached instead of sorted on every request",
                    Map.of(GATEWAY + "route-filter-cache-enabled", "true"),
                    "none for routes from configuration; a route's filters are read once"),
            Lever.properties("no-gateway-observations", "no Micrometer observation around each routed request",
                    Map.of(GATEWAY + "observability.enabled", "false"),
                    "the gateway's observations: its traces and spring.cloud.gateway.requests"),
            Lever.properties("no-forwarded-headers", "no Forwarded and X-Forwarded-* headers added to each request",
                    ordered(GATEWAY + "forwarded.enabled", "false", GATEWAY + "x-forwarded.enabled", "false"),
                    "the backend no longer learns the client's address, host, port and scheme"),
            Lever.properties("no-http2", "no gRPC header filters (HTTP/2 off): one copy of the headers fewer",
                    Map.of("server.http2.enabled", "false"), "HTTP/2 and gRPC through the gateway"),
            Lever.properties("routes-first", "the routes asked before WebFlux's annotated-controller mapping",
                    Map.of(GATEWAY + "handler-mapping.order", "-1"),
                    "a route now wins over your own @Controller on the same path"),
            Lever.properties("no-http-observation", "no http.server.requests observation of each request",
                    Map.of("management.observations.enable.http.server.requests", "false"),
                    "the http.server.requests timer (keep it if a dashboard reads it)"),
            Lever.properties("no-unused-global-filters",
                    "the global filters for cached bodies, forward:, websockets, lb: and the local response cache off",
                    unusedGlobalFilters(),
                    "forward: and lb: routes, websockets, cached request bodies, the local response cache"),
            Lever.jvm("pooled-allocator", "Netty's pooled buffer allocator instead of 4.2's adaptive one",
                    List.of("-Dio.netty.allocator.type=pooled"), "more memory held in Netty's buffer pools"),
            Lever.jvm("parallel-gc", "the Parallel collector instead of G1", List.of("-XX:+UseParallelGC"),
                    "longer pauses on a large heap; no pause-time goal"),
            new Lever("newer-jdk", "the newest JDK found beside the lab's", Map.of(), List.of(), true,
                    "an upgrade of the JDK, to test with your own code"));

    /**
     * The default list: each lever one more gateway in every pass, so the list is what
     * fits about 40 minutes on two cores (docs 14); no-unused-global-filters is named
     * with LEVERS=, as it takes features away.
     */
    public static final List<String> DEFAULT = List.of("route-filter-cache", "no-gateway-observations",
            "no-forwarded-headers", "no-http2", "routes-first", "no-http-observation", "pooled-allocator",
            "parallel-gc", "newer-jdk");

    private Levers() {
    }

    /**
     * The levers LEVERS names (comma-separated, in the order given), or the default list
     * when it is empty; an unknown or repeated name is one line.
     */
    public static List<Lever> select(String given) {
        List<String> names = given == null || given.isBlank() ? DEFAULT : List.of(given.trim().split("\\s*,\\s*"));
        Map<String, Lever> byName = new LinkedHashMap<>();
        ALL.forEach(lever -> byName.put(lever.name(), lever));
        List<Lever> chosen = new ArrayList<>();
        for (String name : names) {
            Lever lever = byName.get(name);
            if (lever == null) {
                throw new LabException("LEVERS=" + given.trim() + ": no lever '" + name + "'; make advise knows "
                        + String.join(", ", byName.keySet()));
            }
            if (chosen.contains(lever)) {
                throw new LabException("LEVERS=" + given.trim() + " names " + name + " twice");
            }
            chosen.add(lever);
        }
        return chosen;
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private static Map<String, String> unusedGlobalFilters() {
        Map<String, String> map = new LinkedHashMap<>();
        for (String filter : List.of("adapt-cached-body", "remove-cached-body", "forward-path", "forward-routing",
                "websocket-routing", "local-response-cache", "load-balancer-client", "reactive-load-balancer-client")) {
            map.put(GATEWAY + "global-filter." + filter + ".enabled", "false");
        }
        return map;
    }

}
