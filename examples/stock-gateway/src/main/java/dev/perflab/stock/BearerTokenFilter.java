package dev.perflab.stock;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Every request's bearer token checked by the auth service (GET /auth with the same
 * Authorization header) before it is routed: 401 without a token or when the auth service
 * does not answer 2xx.
 */
@Component
class BearerTokenFilter implements GlobalFilter, Ordered {

    private final WebClient auth;

    BearerTokenFilter(@Value("${auth.url}") String authUrl) {
        this.auth = WebClient.builder().baseUrl(authUrl).build();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        String authorization = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return reject(exchange);
        }
        return auth.get()
            .uri("/auth")
            .header(HttpHeaders.AUTHORIZATION, authorization)
            .exchangeToMono(answer -> Mono.just(answer.statusCode().is2xxSuccessful()))
            .flatMap(valid -> valid ? chain.filter(exchange) : reject(exchange));
    }

    private static Mono<Void> reject(ServerWebExchange exchange) {
        exchange.getResponse().setStatusCode(HttpStatus.UNAUTHORIZED);
        return exchange.getResponse().setComplete();
    }

    @Override
    public int getOrder() {
        return -1;
    }

}
