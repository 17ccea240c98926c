package dev.perflab.gateway.calibration;

import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A transient fault for the runner's tests ({@code -Dlab.fault.broken-scrapes=N}): the
 * first N reads of {@code /actuator/prometheus} lose their connection before any answer,
 * as one read did on a loaded machine and ended a whole ladder. The runner must read such
 * a scrape again, not give up the run. Absent unless the property is set.
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
        if (exchange.getRequest().getPath().value().equals(PATH) && left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            Object response = ServerHttpResponseDecorator.getNativeResponse(exchange.getResponse());
            if (response instanceof HttpServerResponse netty) {
                netty.withConnection(Connection::dispose);
                return Mono.empty();
            }
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

}
