package dev.perflab.lean;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
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
import org.springframework.core.Ordered;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.server.ServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code lean.gateway.request-id-header=X-Request-Id}, over real HTTP on loopback
 * ports: the backend receives one X-Request-Id per request (a client-sent one replaced),
 * the id is the exchange attribute a request log reads, each request has its own, and the
 * request the gateway's filters see is the client's own, not a rebuilt one.
 */
@SpringBootTest(classes = { LeanTestApplication.class, RequestIdTests.Probe.class },
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = RequestIdAutoConfiguration.PROPERTY + "=X-Request-Id")
class RequestIdTests {

    /** Answers with the X-Request-Id values it received, as X-Seen. */
    static final DisposableServer BACKEND = HttpServer.create()
        .host("127.0.0.1")
        .port(0)
        .route(routes -> routes.get("/echo",
                (request, response) -> response
                    .header("X-Seen", String.join(",", request.requestHeaders().getAll("X-Request-Id")))
                    .sendString(Mono.just("ok"))))
        .bindNow();

    @DynamicPropertySource
    static void route(DynamicPropertyRegistry registry) {
        String route = "spring.cloud.gateway.server.webflux.routes[0].";
        registry.add(route + "id", () -> "echo");
        registry.add(route + "uri", () -> "http://127.0.0.1:" + BACKEND.port());
        registry.add(route + "predicates[0]", () -> "Path=/echo");
    }

    @AfterAll
    static void stopBackend() {
        BACKEND.disposeNow();
    }

    @LocalServerPort
    int port;

    @Autowired
    Probe probe;

    @Test
    void eachRoutedRequestCarriesItsOwnIdDownstreamWithoutARebuiltRequest() {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String received = HttpClient.create()
                .headers(headers -> headers.set("X-Request-Id", "client-sent"))
                .get()
                .uri("http://127.0.0.1:" + port + "/echo")
                .responseSingle((response, body) -> body.asString()
                    .map(text -> response.status().code() + " " + response.responseHeaders().get("X-Seen")))
                .block(Duration.ofSeconds(10));
            seen.add(received);
        }
        List<String> attributes = new ArrayList<>(probe.attributes);
        assertThat(attributes).hasSize(5)
            .allSatisfy(id -> assertThat(id).matches("[0-9a-f]{16}"))
            .doesNotHaveDuplicates();
        assertThat(seen).containsExactlyElementsOf(attributes.stream().map(id -> "200 " + id).toList());
        assertThat(probe.requestHeaderValues).hasSize(5)
            .allSatisfy(values -> assertThat(values).isEqualTo("client-sent"));
    }

    /**
     * A global filter after the library's: the request id attribute, and the X-Request-Id
     * of the request as the filters see it.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class Probe implements GlobalFilter, Ordered {

        final Queue<String> attributes = new ConcurrentLinkedQueue<>();

        final Queue<String> requestHeaderValues = new ConcurrentLinkedQueue<>();

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
            attributes.add(String.valueOf((Object) exchange.getAttribute(LeanRequestIdFilter.ATTRIBUTE)));
            requestHeaderValues.add(String.join(",", exchange.getRequest().getHeaders().getOrEmpty("X-Request-Id")));
            return chain.filter(exchange);
        }

        @Override
        public int getOrder() {
            return 0;
        }

    }

}
