package dev.perflab.lean;

import java.util.List;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import reactor.netty.Connection;

import org.springframework.beans.factory.ObjectProvider;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.NettyDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.CLIENT_RESPONSE_CONN_ATTR;

/**
 * Writes the backend's answer to the client as Spring Cloud Gateway's
 * {@link NettyWriteResponseFilter} does, with one difference: an answer whose length the
 * backend gave ({@code Content-Length}, at most {@link #MAX_WHOLE} bytes) is gathered
 * first and handed to Reactor Netty as one buffer, which it sends with the status and
 * headers as one full HTTP message in one flush, where a stream of buffers costs a flush
 * for the headers and one for the body (each a {@code send} system call, a loopback
 * delivery and a wake-up of the reader). Everything else (no length, a larger one, a
 * streaming media type, {@code HEAD}, 204 and 304) is written by Spring Cloud Gateway's
 * own filter, trailers included; an answer with a {@code Content-Length} has no trailers
 * in HTTP/1.1. Trades away: up to {@link #MAX_WHOLE} bytes of an answer wait until it is
 * complete instead of leaving part by part.
 */
public class OneWriteAnswerFilter implements GlobalFilter, Ordered {

    /** The longest answer gathered into one write. */
    public static final long MAX_WHOLE = 64 * 1024;

    private final List<MediaType> streamingMediaTypes;

    private final NettyWriteResponseFilter springCloudGateway;

    private final Counter whole;

    private final Counter streamed;

    /**
     * @param registry where it counts its answers, whole and streamed, or null for
     * nowhere
     */
    public OneWriteAnswerFilter(List<MediaType> streamingMediaTypes,
            ObjectProvider<List<HttpHeadersFilter>> headersFiltersProvider, MeterRegistry registry) {
        this.streamingMediaTypes = List.copyOf(streamingMediaTypes);
        this.springCloudGateway = new NettyWriteResponseFilter(streamingMediaTypes, headersFiltersProvider);
        this.whole = registry == null ? null : counter(registry, "whole");
        this.streamed = registry == null ? null : counter(registry, "streamed");
    }

    private static Counter counter(MeterRegistry registry, String written) {
        return Counter.builder("lean.gateway.answers")
            .tag("written", written)
            .description("Routed answers written by the one-write filter, by how")
            .register(registry);
    }

    @Override
    public int getOrder() {
        return NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        return chain.filter(exchange).then(Mono.defer(() -> write(exchange))).doFinally(signal -> {
            if (signal == SignalType.CANCEL || signal == SignalType.ON_ERROR) {
                Connection connection = exchange.getAttribute(CLIENT_RESPONSE_CONN_ATTR);
                if (connection != null) {
                    connection.dispose();
                }
            }
        });
    }

    private Mono<Void> write(ServerWebExchange exchange) {
        Connection connection = exchange.getAttribute(CLIENT_RESPONSE_CONN_ATTR);
        if (connection == null) {
            return Mono.empty();
        }
        ServerHttpResponse response = exchange.getResponse();
        if (!whole(exchange, response)) {
            if (streamed != null) {
                streamed.increment();
            }
            // the routing is done: Spring Cloud Gateway's own filter writes the rest as
            // it would
            return springCloudGateway.filter(exchange, done -> Mono.empty());
        }
        if (!(response.bufferFactory() instanceof NettyDataBufferFactory factory)) {
            throw new IllegalStateException("the one-write filter needs Reactor Netty's buffers, not "
                    + response.bufferFactory().getClass().getName());
        }
        if (whole != null) {
            whole.increment();
        }
        return response.writeWith(DataBufferUtils.join(connection.inbound().receive().retain().map(factory::wrap)));
    }

    private boolean whole(ServerWebExchange exchange, ServerHttpResponse response) {
        long length = response.getHeaders().getContentLength();
        HttpStatusCode status = response.getStatusCode();
        if (status != null && (status.value() == 204 || status.value() == 304)) {
            // no body, whatever the length says: streamed (nothing) as before
            return false;
        }
        return length > 0 && length <= MAX_WHOLE && !HttpMethod.HEAD.equals(exchange.getRequest().getMethod())
                && !streaming(response);
    }

    private boolean streaming(ServerHttpResponse response) {
        MediaType contentType;
        try {
            contentType = response.getHeaders().getContentType();
        }
        catch (RuntimeException invalid) {
            return false;
        }
        if (contentType == null) {
            return false;
        }
        for (MediaType streamingType : streamingMediaTypes) {
            if (streamingType.isCompatibleWith(contentType)) {
                return true;
            }
        }
        return false;
    }

}
