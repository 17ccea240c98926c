package dev.perflab.gateway.auth;

import java.util.List;

import dev.perflab.gateway.web.PlainTextResponse;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Asks auth-service about the request's token before the request is routed. The token
 * comes from {@code Authorization: Bearer <token>} or, as in the published lab, a
 * {@code token} query parameter.
 */
@Component
class TokenAuthGlobalFilter implements GlobalFilter, Ordered {

    static final int ORDER = -100;

    private final AuthClient authClient;

    TokenAuthGlobalFilter(AuthClient authClient) {
        this.authClient = authClient;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        List<String> authorization = exchange.getRequest().getHeaders().get(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.size() > 1) {
            // auth-service would judge one of them and the backend might read another
            return PlainTextResponse.send(exchange, HttpStatus.BAD_REQUEST.value(),
                    "more than one Authorization header");
        }
        String token = tokenOf(exchange.getRequest());
        if (token == null) {
            return PlainTextResponse.send(exchange, HttpStatus.UNAUTHORIZED.value(), "missing token");
        }
        return authClient.check(token)
            .flatMap(decision -> decision == AuthDecision.ALLOWED ? chain.filter(exchange)
                    : PlainTextResponse.send(exchange, decision.status(), decision.reason()));
    }

    static String tokenOf(ServerHttpRequest request) {
        String authorization = request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = authorization.substring(7).trim();
            if (!token.isEmpty()) {
                return token;
            }
        }
        String token = request.getQueryParams().getFirst("token");
        return (token == null || token.isBlank()) ? null : token;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public String toString() {
        return "TokenAuthGlobalFilter[client=" + authClient.mode().tag() + "]";
    }

}
