package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.net.URI;
import java.time.Duration;

import dev.perflab.lean.EventLoopLocalConnectionProvider;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.HttpHeaderNames;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * WebClient on Reactor Netty: the event loop sends the request and moves on until the
 * answer arrives. The time limit covers the whole answer ({@link AnswerDeadline}), a
 * timer on the connection's own event loop, rather than {@code Mono.timeout}, which
 * schedules and cancels a task on another thread per call. With
 * {@code lean.gateway.loop-local-pools} (profile {@code loop-pools}) each event loop
 * borrows only connections it opened itself, so the call and its answer stay on the
 * thread that read the request.
 */
final class ReactiveAuthClient implements AuthClient {

    private final WebClient webClient;

    private final HttpClient httpClient;

    private final boolean onNetty;

    private final URI checkUri;

    private final Duration timeout;

    ReactiveAuthClient(AuthProperties properties, boolean nettyMetrics, boolean loopLocalPools) {
        this(properties, nettyMetrics, loopLocalPools, false);
    }

    /**
     * {@code onNetty} (profile {@code netty-auth}): the call is made on the same Reactor
     * Netty client without WebClient around it: no request and response objects of
     * Spring's, no codecs, no checkpoint with the request's description per call.
     */
    ReactiveAuthClient(AuthProperties properties, boolean nettyMetrics, boolean loopLocalPools, boolean onNetty) {
        this.onNetty = onNetty;
        this.timeout = properties.timeout();
        int maxConnections = properties.pool().maxTotal();
        ConnectionProvider pool = loopLocalPools
                ? new EventLoopLocalConnectionProvider("auth", name -> pool(name, maxConnections))
                : pool("auth", maxConnections);
        HttpClient httpClient = AnswerDeadline.on(HttpClient.create(pool)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
            .metrics(nettyMetrics, uri -> "/auth"), timeout);
        this.httpClient = httpClient;
        this.webClient = WebClient.builder().clientConnector(new ReactorClientHttpConnector(httpClient)).build();
        this.checkUri = properties.checkUri();
    }

    private static ConnectionProvider pool(String name, int maxConnections) {
        return ConnectionProvider.builder(name).maxConnections(maxConnections).pendingAcquireMaxCount(-1).build();
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        if (onNetty) {
            return httpClient.headers(headers -> headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + token))
                .post()
                .uri(checkUri)
                .response((response, body) -> body
                    .then(Mono.fromSupplier(() -> AuthDecision.fromStatus(response.status().code()))))
                .single()
                .onErrorResume(failure -> Mono.just(AuthDecision.fromFailure(failure)));
        }
        return webClient.post()
            .uri(checkUri)
            .headers(headers -> headers.setBearerAuth(token))
            .exchangeToMono(response -> response.releaseBody()
                .thenReturn(AuthDecision.fromStatus(response.statusCode().value())))
            .onErrorResume(failure -> Mono.just(AuthDecision.fromFailure(failure)));
    }

    @Override
    public String toString() {
        return "ReactiveAuthClient[" + (onNetty ? "Reactor Netty HttpClient" : "WebClient") + "]";
    }

    @Override
    public AuthClientMode mode() {
        return AuthClientMode.REACTIVE;
    }

}
