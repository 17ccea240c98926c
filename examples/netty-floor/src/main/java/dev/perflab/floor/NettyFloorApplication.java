package dev.perflab.floor;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.resources.ConnectionProvider;

/**
 * The floor under Spring Cloud Gateway: the request the lab's gateway serves, on bare
 * Reactor Netty with no WebFlux, no gateway and no filters. {@code GET /service/**} with
 * an Authorization header asks auth-service's {@code /auth} with it (status read, body
 * discarded, on a pooled keep-alive connection), answers 401 when it says no, and
 * otherwise sends the path without {@code /service} to business-service and its answer
 * back: status, Content-Type, Content-Length and body, no other header either way; one
 * connection pool per event loop, backends named by host name. With
 * {@code AUTH_CACHE_TTL} (e.g. 10s) a token auth-service accepted is not asked again for
 * that long, as the gateway's auth-cache profile does. What it costs per request is what
 * the JVM and Reactor Netty cost this machine for that request: what Spring Cloud Gateway
 * spends above it is the framework's. Run it with {@code make compare
 * B_GATEWAY=examples/netty-floor/target/netty-floor.jar}; the lab gives it
 * {@code --server.port}, {@code BUSINESS_URL} and {@code AUTH_URL}.
 */
@SpringBootApplication
public class NettyFloorApplication {

    public static void main(String[] args) {
        ConfigurableApplicationContext context = SpringApplication.run(NettyFloorApplication.class, args);
        // Reactor Netty's event loops are daemon threads: the JVM lives as long as the
        // server
        context.getBean(DisposableServer.class).onDispose().block();
    }

    @Bean(destroyMethod = "disposeNow")
    DisposableServer server(Environment env) {
        Floor floor = new Floor(env.getRequiredProperty("BUSINESS_URL"), env.getRequiredProperty("AUTH_URL"),
                env.getProperty("AUTH_CACHE_TTL", Duration.class, Duration.ZERO));
        return HttpServer.create()
            .host(env.getProperty("server.address", "127.0.0.1"))
            .port(env.getProperty("server.port", Integer.class, 8080))
            .handle(floor::serve)
            .bindNow();
    }

    static final class Floor {

        private static final String PREFIX = "/service";

        /**
         * One client, with its own pool, per event loop: a connection is made on the loop
         * that asks for it (Reactor Netty's client runs colocated on the server's loops),
         * so a request never waits for another loop's connection (the gateway's
         * loop-pools profile does the same).
         */
        private final ThreadLocal<HttpClient> auth;

        private final ThreadLocal<HttpClient> backend;

        private final long ttlNanos;

        /** Accepted tokens and until when (System.nanoTime()). */
        private final Map<String, Long> accepted = new ConcurrentHashMap<>();

        Floor(String businessUrl, String authUrl, Duration ttl) {
            this.auth = ThreadLocal.withInitial(() -> client("auth", authUrl));
            this.backend = ThreadLocal.withInitial(() -> client("backend", businessUrl));
            this.ttlNanos = ttl.toNanos();
        }

        /**
         * A client of {@code url} with a pool of its own; an IP literal is named
         * {@code localhost}, which Netty resolves once per connection, as the lab's
         * gateway names its backends (Reactor Netty formats an IP literal's address into
         * text on every request).
         */
        private static HttpClient client(String name, String url) {
            return HttpClient.create(ConnectionProvider.create(name + "-" + Thread.currentThread().getName(), 100))
                .baseUrl(url.replace("//127.0.0.1:", "//localhost:"));
        }

        Mono<Void> serve(HttpServerRequest request, HttpServerResponse response) {
            String token = request.requestHeaders().get(HttpHeaderNames.AUTHORIZATION);
            String path = request.uri();
            if (token == null || !path.startsWith(PREFIX + "/")) {
                return response.status(token == null ? HttpResponseStatus.UNAUTHORIZED : HttpResponseStatus.NOT_FOUND)
                    .send();
            }
            return allowed(token).flatMap(yes -> yes ? route(path.substring(PREFIX.length()), response)
                    : response.status(HttpResponseStatus.UNAUTHORIZED).send());
        }

        private Mono<Boolean> allowed(String token) {
            if (ttlNanos > 0) {
                Long until = accepted.get(token);
                if (until != null && until - System.nanoTime() > 0) {
                    return Mono.just(true);
                }
            }
            return auth.get()
                .headers(headers -> headers.set(HttpHeaderNames.AUTHORIZATION, token))
                .get()
                .uri("/auth")
                .response()
                .map(answer -> {
                    boolean yes = answer.status().code() / 100 == 2;
                    if (yes && ttlNanos > 0) {
                        accepted.put(token, System.nanoTime() + ttlNanos);
                    }
                    return yes;
                });
        }

        private Mono<Void> route(String path, HttpServerResponse response) {
            return backend.get().get().uri(path).response((answer, body) -> {
                response.status(answer.status());
                copy(answer.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE),
                        HttpHeaderNames.CONTENT_TYPE.toString(), response);
                copy(answer.responseHeaders().get(HttpHeaderNames.CONTENT_LENGTH),
                        HttpHeaderNames.CONTENT_LENGTH.toString(), response);
                return response.send(body.retain());
            }).then();
        }

        private static void copy(String value, String name, HttpServerResponse response) {
            if (value != null) {
                response.header(name, value);
            }
        }

    }

}
