package dev.perflab.lean;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A front server forwards every request to a backend with a client on the same event
 * loops, as the gateway does; real sockets on 127.0.0.1. Each forwarded call must ride a
 * connection of the event loop that read the front request.
 */
class EventLoopLocalConnectionProviderTests {

    private LoopResources serverLoops;

    private LoopResources loadLoops;

    private DisposableServer backend;

    private DisposableServer front;

    private EventLoopLocalConnectionProvider provider;

    private ConnectionProvider loadPool;

    private final AtomicInteger forwarded = new AtomicInteger();

    private final AtomicInteger onAnotherLoop = new AtomicInteger();

    @BeforeEach
    void start() {
        serverLoops = LoopResources.create("loop-local-test", 1, 4, true, true);
        loadLoops = LoopResources.create("loop-local-load", 1, 2, true, false);
        backend = HttpServer.create()
            .host("127.0.0.1")
            .port(0)
            .runOn(serverLoops)
            .handle((request, response) -> response.sendString(Mono.just("hello")))
            .bindNow();
        provider = new EventLoopLocalConnectionProvider("test", name -> ConnectionProvider.create(name, 50));
        HttpClient client = HttpClient.create(provider).runOn(serverLoops);
        String backendUrl = "http://127.0.0.1:" + backend.port() + "/";
        front = HttpServer.create().host("127.0.0.1").port(0).runOn(serverLoops).handle((request, response) -> {
            Thread caller = Thread.currentThread();
            Mono<String> answer = client.get().uri(backendUrl).responseConnection((backendResponse, connection) -> {
                forwarded.incrementAndGet();
                if (!connection.channel().eventLoop().inEventLoop(caller)) {
                    onAnotherLoop.incrementAndGet();
                }
                return connection.inbound().receive().aggregate().asString();
            }).next();
            return response.sendString(answer);
        }).bindNow();
        loadPool = ConnectionProvider.create("load", 32);
    }

    @AfterEach
    void stop() {
        front.disposeNow();
        backend.disposeNow();
        provider.disposeLater().block(Duration.ofSeconds(10));
        loadPool.disposeLater().block(Duration.ofSeconds(10));
        loadLoops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
        serverLoops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
    }

    @Test
    void everyForwardedCallUsesAConnectionOfTheCallersEventLoop() {
        HttpClient load = HttpClient.create(loadPool).runOn(loadLoops);
        String frontUrl = "http://127.0.0.1:" + front.port() + "/";
        List<String> bodies = Flux.range(0, 2_000)
            .flatMap(i -> load.get().uri(frontUrl).responseSingle((response, body) -> body.asString()), 32)
            .collectList()
            .block(Duration.ofSeconds(60));

        assertThat(bodies).hasSize(2_000).containsOnly("hello");
        assertThat(forwarded).hasValue(2_000);
        assertThat(onAnotherLoop).as("forwarded calls on a connection of another event loop").hasValue(0);
        assertThat(provider.eventLoopPools()).as("event loops with a pool of their own").isGreaterThan(1);
    }

    @Test
    void aCallerOutsideTheEventLoopsUsesTheSharedPool() {
        HttpClient client = HttpClient.create(provider).runOn(serverLoops);
        String body = client.get()
            .uri("http://127.0.0.1:" + backend.port() + "/")
            .responseSingle((response, content) -> content.asString())
            .block(Duration.ofSeconds(10));

        assertThat(body).isEqualTo("hello");
        assertThat(provider.eventLoopPools()).isZero();
        assertThat(provider.poolOfCurrentThread().name()).isEqualTo("test-shared");
    }

}
