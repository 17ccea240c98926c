package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.net.URI;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.HttpStatusCodeException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestTemplate;

/**
 * RestTemplate on a pooled Apache HttpClient 5, called on whatever thread subscribes:
 * inside the gateway filter that is a Reactor Netty event-loop thread, which then waits
 * for auth-service and serves nobody else meanwhile. Deliberately wrong, as in the
 * production code that motivated the lab. The pool's limits and use are published by
 * Micrometer's binder as {@code httpcomponents.httpclient.pool.*{httpclient=auth}}.
 */
final class BlockingAuthClient implements AuthClient {

    private final RestTemplate restTemplate;

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
        this.restTemplate = new RestTemplate(new HttpComponentsClientHttpRequestFactory(httpClient));
        this.checkUri = properties.checkUri();
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        return Mono.fromCallable(() -> callNow(token));
    }

    @Override
    public AuthClientMode mode() {
        return AuthClientMode.BLOCKING;
    }

    AuthDecision callNow(String token) {
        HttpHeaders headers = new HttpHeaders();
        headers.setBearerAuth(token);
        try {
            ResponseEntity<String> response = restTemplate.postForEntity(checkUri, new HttpEntity<>(headers),
                    String.class);
            return AuthDecision.fromStatus(response.getStatusCode().value());
        }
        catch (HttpStatusCodeException ex) {
            return AuthDecision.fromStatus(ex.getStatusCode().value());
        }
        catch (ResourceAccessException ex) {
            return AuthDecision.fromFailure(ex);
        }
    }

}
