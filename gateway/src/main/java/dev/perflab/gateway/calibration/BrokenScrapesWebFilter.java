package dev.perflab.gateway.calibration;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * A transient fault for the runner's tests ({@code -Dlab.fault.broken-scrapes=N}): the
 * first N reads of {@code /actuator/prometheus} lose their connection in the middle of
 * the answer, as one read did on a loaded machine and ended a whole ladder. The runner
 * must read such a scrape again, not give up the run. Absent unless the property is set.
 */
@Component
@ConditionalOnProperty("lab.fault.broken-scrapes")
public class BrokenScrapesWebFilter implements WebFilter, Ordered {

    static final String PATH = "/actuator/prometheus";

    private static final Log LOG = LogFactory.getLog(BrokenScrapesWebFilter.class);

    private final int count;

    private final AtomicInteger left;

    BrokenScrapesWebFilter(@Value("${lab.fault.broken-scrapes}") int count) {
        if (count < 1 || count > 100) {
            throw new IllegalArgumentException("lab.fault.broken-scrapes must be 1 to 100, not " + count);
        }
        this.count = count;
        this.left = new AtomicInteger(count);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        int before = exchange.getRequest().getPath().value().equals(PATH) ? left.getAndUpdate(n -> Math.max(0, n - 1))
                : 0;
        if (before > 0) {
            Object response = ServerHttpResponseDecorator.getNativeResponse(exchange.getResponse());
            if (response instanceof Connection connection) {
                LOG.warn("lab.fault.broken-scrapes: broke the connection of scrape " + (count - before + 1) + " of "
                        + count);
                // the status line, the headers and the start of the body, then the end of
                // the connection: a client cannot take it for a connection that went
                // stale
                // before the request and send the request again by itself
                ServerHttpResponse answer = exchange.getResponse();
                answer.getHeaders().setContentLength(100_000);
                DataBuffer start = answer.bufferFactory().wrap("# HELP ".getBytes(StandardCharsets.US_ASCII));
                return answer.writeAndFlushWith(Mono.just(Mono.just(start)))
                    .then(Mono.fromRunnable(() -> connection.channel().close()));
            }
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

}
