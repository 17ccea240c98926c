package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.util.Timeout;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.HttpStatusCodeException;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestTemplate;

/**
 * RestTemplate on a pooled Apache HttpClient 5, called on whatever thread subscribes:
 * inside the gateway filter that is a Reactor Netty event-loop thread, which then waits
 * for auth-service and serves nobody else meanwhile. Deliberately wrong, as in the
 * production code that motivated the lab. The pool's limits and use are published by
 * Micrometer's binder as {@code httpcomponents.httpclient.pool.*{httpclient=auth}}.
 */
final class BlockingAuthClient implements AuthClient {

    /**
     * One daemon thread that aborts the calls whose deadline passed (the JDK's scheduler:
     * a call schedules and cancels one task).
     */
    private static final ScheduledThreadPoolExecutor DEADLINES = deadlines();

    private static final ThreadLocal<Call> CALL = new ThreadLocal<>();

    private final RestTemplate restTemplate;

    private final Duration deadline;

    private final URI checkUri;

    BlockingAuthClient(AuthProperties properties, MeterRegistry registry) {
        Timeout timeout = Timeout.of(properties.timeout());
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
            .setMaxConnTotal(properties.pool().maxTotal())
            .setMaxConnPerRoute(properties.pool().maxPerRoute())
            .setDefaultConnectionConfig(
                    ConnectionConfig.custom().setConnectTimeout(timeout).setSocketTimeout(timeout).build())
            .build();
        new PoolingHttpClientConnectionManagerMetricsBinder(connections, "auth").bindTo(registry);
        CloseableHttpClient httpClient = HttpClients.custom()
            .setConnectionManager(connections)
            .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout).build())
            .build();
        this.restTemplate = new RestTemplate(new HttpComponentsClientHttpRequestFactory(httpClient) {
            @Override
            protected ClassicHttpRequest createHttpUriRequest(HttpMethod method, URI uri) {
                ClassicHttpRequest request = super.createHttpUriRequest(method, uri);
                Call call = CALL.get();
                if (call != null && request instanceof Cancellable cancellable) {
                    call.request(cancellable);
                }
                return request;
            }
        });
        this.checkUri = properties.checkUri();
        this.deadline = properties.timeout();
    }

    /**
     * One call in flight on this thread: its request, to abort at the deadline, and
     * whether the deadline passed.
     */
    private static final class Call {

        private Cancellable request;

        private boolean expired;

        synchronized void request(Cancellable request) {
            this.request = request;
            if (expired) {
                request.cancel();
            }
        }

        synchronized void expire() {
            expired = true;
            if (request != null) {
                request.cancel();
            }
        }

        synchronized boolean expired() {
            return expired;
        }

    }

    private static ScheduledThreadPoolExecutor deadlines() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "auth-deadline");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        return Mono.fromCallable(() -> callNow(token));
    }

    @Override
    public AuthClientMode mode() {
        return AuthClientMode.BLOCKING;
    }

    /**
     * The call, with a deadline for the whole answer: HttpClient's socket timeout bounds
     * each read, so an answer that trickles in a byte at a time would hold the thread for
     * as long as it trickles; at the deadline the request is aborted and the call is a
     * timeout.
     */
    AuthDecision callNow(String token) {
        HttpHeaders headers = new HttpHeaders();
        headers.setBearerAuth(token);
        Call call = new Call();
        CALL.set(call);
        ScheduledFuture<?> timer = DEADLINES.schedule(call::expire, deadline.toNanos(), TimeUnit.NANOSECONDS);
        try {
            ResponseEntity<String> response = restTemplate.postForEntity(checkUri, new HttpEntity<>(headers),
                    String.class);
            return call.expired() ? AuthDecision.TIMEOUT : AuthDecision.fromStatus(response.getStatusCode().value());
        }
        catch (HttpStatusCodeException ex) {
            return AuthDecision.fromStatus(ex.getStatusCode().value());
        }
        catch (RestClientException ex) {
            // an I/O error (ResourceAccessException), or one while the body was read
            return call.expired() ? AuthDecision.TIMEOUT : AuthDecision.fromFailure(ex);
        }
        finally {
            timer.cancel(false);
            CALL.remove();
        }
    }

}
