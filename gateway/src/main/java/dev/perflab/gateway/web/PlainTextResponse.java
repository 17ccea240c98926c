package dev.perflab.gateway.web;

import java.nio.charset.StandardCharsets;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

/**
 * Ends an exchange with a status and a one-line plain-text reason, without routing it.
 */
public final class PlainTextResponse {

    private PlainTextResponse() {
    }

    public static Mono<Void> send(ServerWebExchange exchange, int status, String reason) {
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatusCode.valueOf(status));
        response.getHeaders().setContentType(MediaType.TEXT_PLAIN);
        byte[] body = (reason + "\n").getBytes(StandardCharsets.UTF_8);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }

}
