package dev.perflab.gateway;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * A stand-in auth-service and backend on random loopback ports, for a real gateway
 * started by a test: auth-service accepts only {@link #GOOD_TOKEN} and counts its calls,
 * optionally after a delay; the backend answers {@code /hello} (and {@code /chunks} in
 * parts, without a length), counts what reached it and records every request line's path
 * it received, whichever it is (404 for any other path). They run on event loops of their
 * own: the blocking auth client blocks a gateway event loop, which must not be the one
 * that would answer it.
 */
public final class StubServices implements AutoCloseable {

    public static final String GOOD_TOKEN = "good";

    public static final String BACKEND_BODY = "Hello from the stub backend";

    /** What the backend answers on /chunks, one buffer each, without a Content-Length. */
    public static final List<String> CHUNKS = List.of("one ", "two ", "three");

    private final AtomicInteger authCalls = new AtomicInteger();

    private final AtomicInteger backendCalls = new AtomicInteger();

    private final List<String> backendPaths = new CopyOnWriteArrayList<>();

    private final List<String> backendTe = new CopyOnWriteArrayList<>();

    private volatile Set<String> backendHeaderNames = Set.of();

    private volatile Duration authLatency = Duration.ZERO;

    private volatile int authTrickleBytes;

    private final LoopResources loops = LoopResources.create("stub", 1, true);

    private final DisposableServer auth;

    private final DisposableServer backend;

    public StubServices() {
        this.auth = HttpServer.create()
            .runOn(loops)
            .host("127.0.0.1")
            .port(0)
            .route(routes -> routes.post("/auth", (request, response) -> {
                authCalls.incrementAndGet();
                boolean good = ("Bearer " + GOOD_TOKEN).equals(request.requestHeaders().get("Authorization"));
                int trickle = authTrickleBytes;
                if (trickle > 0) {
                    // the status and headers at once, then the body a byte every 100 ms
                    return response.status(200)
                        .header("Content-Length", Integer.toString(trickle))
                        .sendString(Flux.interval(Duration.ofMillis(100)).take(trickle).map(i -> "x"))
                        .then();
                }
                return Mono.delay(authLatency)
                    .then(response.status(good ? 200 : 401).sendString(Mono.just(good ? "ok" : "no")).then());
            }))
            .bindNow();
        this.backend = HttpServer.create()
            .runOn(loops)
            .host("127.0.0.1")
            .port(0)
            .route(routes -> routes.get("/hello", (request, response) -> {
                backendPaths.add(request.uri());
                backendTe.add(String.valueOf(request.requestHeaders().get("te")));
                backendHeaderNames = request.requestHeaders().names();
                backendCalls.incrementAndGet();
                if (request.uri().endsWith("?hop")) {
                    // two hop-by-hop headers a gateway must not pass on, and one it must
                    response.header("X-Application-Context", "stub")
                        .header("Proxy-Authenticate", "Basic")
                        .header("X-Kept-Answer", "yes");
                }
                return response.sendString(Mono.just(BACKEND_BODY));
            }).get("/chunks", (request, response) -> {
                backendPaths.add(request.uri());
                backendCalls.incrementAndGet();
                // no Content-Length: Reactor Netty sends a stream of buffers chunked
                return response.sendString(Flux.fromIterable(CHUNKS));
            }).route(anyOther -> true, (request, response) -> {
                backendPaths.add(request.uri());
                return response.status(404).send();
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

    /** Every path the backend received, raw as in the request line, in order. */
    public List<String> backendPaths() {
        return List.copyOf(backendPaths);
    }

    /**
     * The {@code te} header of every request the backend answered on /hello, in order
     * ("null" where there was none).
     */
    public List<String> backendTe() {
        return List.copyOf(backendTe);
    }

    /** The header names of the last request the backend answered on /hello. */
    public Set<String> backendHeaderNames() {
        return backendHeaderNames;
    }

    public void authLatency(Duration latency) {
        this.authLatency = latency;
    }

    /**
     * Auth answers 200 at once and then its body of {@code bytes} bytes a byte every 100
     * ms (0: a whole answer again).
     */
    public void authTrickle(int bytes) {
        this.authTrickleBytes = bytes;
    }

    @Override
    public void close() {
        auth.disposeNow();
        backend.disposeNow();
        loops.disposeLater().block();
    }

}
