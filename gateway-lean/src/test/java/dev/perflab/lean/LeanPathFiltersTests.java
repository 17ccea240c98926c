package dev.perflab.lean;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.server.ServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of {@code LeanStripPrefix=N} and {@code LeanSetPath=/template} against
 * Spring Cloud Gateway's {@code StripPrefix=N} and {@code SetPath=/template}, over real
 * HTTP on loopback ports: for each path, the backend receives the same request target
 * (raw path and query) from a route with the stock or the lean filter, and behind a lean
 * one the gateway's filters still see the client's own request, not a rebuilt one.
 */
@SpringBootTest(
        classes = { LeanTestApplication.class, LeanPathFiltersTests.Probe.class,
                LeanPathFiltersTests.UserFilter.class },
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = LeanPathFiltersAutoConfiguration.PROPERTY + "=true")
class LeanPathFiltersTests {

    /**
     * Paths with the edges StripPrefix handles: empty segments, trailing slash, encoding,
     * query.
     */
    static final List<String> PATHS = List.of("/a/b/c", "/a/b/c/", "/a/b", "/a/b/", "/a", "/a/", "/",
            "/a/b/c/d?x=1&y=%20z", "/a//b//c", "//a/b/c//", "/a/b/%E2%82%AC%2Fx/", "/a/b/c?", "/a/b?only=query",
            "/x/y/c;m=1/d");

    /** Answers with the request target it received. */
    static final DisposableServer BACKEND = HttpServer.create()
        .host("127.0.0.1")
        .port(0)
        .handle((request, response) -> response.sendString(Mono.just(request.uri())))
        .bindNow();

    /**
     * Route id (the X-Strip header that picks it), its filter, and a path predicate if
     * any.
     */
    static final String[][] ROUTES = { { "stock", "StripPrefix=2", null }, { "lean", "LeanStripPrefix=2", null },
            { "stock-fixed", "SetPath=/hello", null }, { "lean-fixed", "LeanSetPath=/hello", null },
            { "stock-set", "SetPath=/hello/{segment}", "Path=/set/{segment}" },
            { "lean-set", "LeanSetPath=/hello/{segment}", "Path=/set/{segment}" } };

    @DynamicPropertySource
    static void routes(DynamicPropertyRegistry registry) {
        for (int i = 0; i < ROUTES.length; i++) {
            String route = "spring.cloud.gateway.server.webflux.routes[" + i + "].";
            String[] spec = ROUTES[i];
            registry.add(route + "id", () -> spec[0]);
            registry.add(route + "uri", () -> "http://127.0.0.1:" + BACKEND.port());
            registry.add(route + "predicates[0]", () -> "Header=X-Strip, " + spec[0]);
            if (spec[2] != null) {
                registry.add(route + "predicates[1]", () -> spec[2]);
            }
            registry.add(route + "filters[0]", () -> spec[1]);
        }
    }

    @AfterAll
    static void stopBackend() {
        BACKEND.disposeNow();
    }

    @LocalServerPort
    int port;

    @Autowired
    Probe probe;

    @Autowired
    UserFilter userFilter;

    @Test
    void theBackendGetsWhatStripPrefixSendsForEveryPath() {
        for (String path : PATHS) {
            String stock = send("stock", path);
            String lean = send("lean", path);
            assertThat(stock).as("StripPrefix=2 of %s", path).startsWith("200 /");
            assertThat(lean).as("LeanStripPrefix=2 of %s", path).isEqualTo(stock);
        }
        assertThat(send("stock", "/a/b/c/d?x=1")).isEqualTo("200 /c/d?x=1");
    }

    @Test
    void theBackendGetsWhatSetPathSendsForEveryPath() {
        for (String path : PATHS) {
            String stock = send("stock-fixed", path);
            assertThat(stock).as("SetPath=/hello of %s", path).startsWith("200 /hello");
            assertThat(send("lean-fixed", path)).as("LeanSetPath=/hello of %s", path).isEqualTo(stock);
        }
        for (String path : List.of("/set/abc", "/set/a%20b?x=1&y", "/set/%E2%82%AC", "/set/x;m=1")) {
            String stock = send("stock-set", path);
            assertThat(stock).as("SetPath=/hello/{segment} of %s", path).startsWith("200 /hello/");
            assertThat(send("lean-set", path)).as("LeanSetPath=/hello/{segment} of %s", path).isEqualTo(stock);
        }
        assertThat(send("lean-set", "/set/abc?q")).isEqualTo("200 /hello/abc?q");
    }

    @Test
    void filtersAfterItSeeTheClientsOwnRequest() {
        probe.seen.clear();
        assertThat(send("lean", "/a/b/c?q=1")).isEqualTo("200 /c?q=1");
        assertThat(probe.seen).containsExactly("/a/b/c /c?q=1 [/a/b/c]");
    }

    /**
     * The trade the docs name: a filter of the user's written for {@code StripPrefix} and
     * {@code SetPath}, after the route's own filters, sees the path they made; behind
     * {@code LeanStripPrefix} and {@code LeanSetPath}, which change only the URL to call
     * and later (order 10001), it sees the client's path.
     */
    @Test
    void aUserFilterAfterTheRoutesFiltersSeesTheClientsPathBehindALeanOne() {
        userFilter.seen.clear();
        for (String kind : List.of("stock", "lean", "stock-fixed", "lean-fixed")) {
            assertThat(send(kind, "/a/b/c")).startsWith("200 /");
        }
        assertThat(userFilter.seen).containsExactly("stock /c", "lean /a/b/c", "stock-fixed /hello",
                "lean-fixed /a/b/c");
    }

    private String send(String kind, String path) {
        return HttpClient.create()
            .headers(headers -> headers.set("X-Strip", kind))
            .get()
            .uri("http://127.0.0.1:" + port + path)
            .responseSingle((response,
                    body) -> body.asString().defaultIfEmpty("").map(text -> response.status().code() + " " + text))
            .block(Duration.ofSeconds(10));
    }

    /**
     * A global filter after the lean one, before routing: the path of the request as the
     * filters see it, the URL the routing filter will call, and the original paths.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class Probe implements GlobalFilter, Ordered {

        final Queue<String> seen = new ConcurrentLinkedQueue<>();

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
            if ("lean".equals(exchange.getRequest().getHeaders().getFirst("X-Strip"))) {
                URI url = exchange.getRequiredAttribute(ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR);
                Set<URI> originals = exchange
                    .getRequiredAttribute(ServerWebExchangeUtils.GATEWAY_ORIGINAL_REQUEST_URL_ATTR);
                seen.add(exchange.getRequest().getURI().getRawPath() + " " + url.getRawPath() + "?" + url.getRawQuery()
                        + " " + originals.stream().map(URI::getRawPath).toList());
            }
            return chain.filter(exchange);
        }

        @Override
        public int getOrder() {
            return LeanStripPrefixGatewayFilterFactory.ORDER + 1;
        }

    }

    /**
     * A user's global filter that reads the request's path after the route's own filters
     * (orders 1, 2, ...), as one that authorises by path would.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class UserFilter implements GlobalFilter, Ordered {

        final Queue<String> seen = new ConcurrentLinkedQueue<>();

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
            seen.add(exchange.getRequest().getHeaders().getFirst("X-Strip") + " "
                    + exchange.getRequest().getURI().getRawPath());
            return chain.filter(exchange);
        }

        @Override
        public int getOrder() {
            return 100;
        }

    }

}
