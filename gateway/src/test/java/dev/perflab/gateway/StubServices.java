package dev.perflab.gateway;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * A stand-in auth-service and backend on random loopback ports, for a real gateway started by a
 * test: auth-service accepts only {@link #GOOD_TOKEN} and counts its calls, optionally after a
 * delay; the backend answers {@code /hello} and counts what reached it. They run on event loops of
 * their own: the blocking auth client blocks a gateway event loop, which must not be the one that
 * would answer it.
 */
public final class StubServices implements AutoCloseable {

    public static final String GOOD_TOKEN = "good";
    public static final String BACKEND_BODY = "Hello from the stub backend";

    private final AtomicInteger authCalls = new AtomicInteger();
    private final AtomicInteger backendCalls = new AtomicInteger();
    private volatile Duration authLatency = Duration.ZERO;
    private final LoopResources loops = LoopResources.create("stub", 1, true);
    private final DisposableServer auth;
    private final DisposableServer backend;

    public StubServices() {
        this.auth = HttpServer.create().runOn(loops).host("127.0.0.1").port(0)
            .route(routes -> routes.post("/auth", (request, response) -> {
                authCalls.incrementAndGet();
                boolean good = ("Bearer " + GOOD_TOKEN).equals(request.requestHeaders().get("Authorization"));
                return Mono.delay(authLatency).then(response.status(good ? 200 : 401).sendString(Mono.just(good ? "ok" : "no")).then());
            }))
            .bindNow();
        this.backend = HttpServer.create().runOn(loops).host("127.0.0.1").port(0)
            .route(routes -> routes.get("/hello", (request, response) -> {
                backendCalls.incrementAndGet();
                return response.sendString(Mono.just(BACKEND_BODY));
            }))
            .bindNow();
    }

    public int authPort() {
        return auth.port();
    }

    public int backendPort() {
        return backend.port();
    }

    public int authCalls() {
        return authCalls.get();
    }

    public int backendCalls() {
        return backendCalls.get();
    }

    public void authLatency(Duration latency) {
        this.authLatency = latency;
    }

    @Override
    public void close() {
        auth.disposeNow();
        backend.disposeNow();
        loops.disposeLater().block();
    }
}
