package dev.perflab.gateway.netty;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.flush.FlushConsolidationHandler;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Netty's {@link FlushConsolidationHandler} at the head of every server connection's
 * pipeline when {@code lab.netty.flush-consolidation} is true (the
 * {@code flush-consolidation} profile). A proxied response is written in parts (its
 * headers, each body buffer from the backend, the last content), and Reactor Netty
 * flushes each: one write to the socket apiece. The handler holds the flushes that come
 * in one event-loop task (or while the connection reads) and passes one on at its end, so
 * the parts of an answer leave in one write. Trades away nothing an answer needs: the
 * last flush of a task is never held past it. The counter says how many connections had
 * it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = FlushConsolidationConfiguration.PROPERTY, havingValue = "true")
public class FlushConsolidationConfiguration {

    public static final String PROPERTY = "lab.netty.flush-consolidation";

    static final String HANDLER = "lab.flushConsolidation";

    @Bean
    NettyServerCustomizer flushConsolidation(MeterRegistry registry) {
        Counter connections = Counter.builder("lab.gateway.flush.consolidated.connections")
            .description("Server connections whose flushes Netty's FlushConsolidationHandler merges")
            .register(registry);
        return server -> server.doOnConnection(connection -> {
            if (connection.channel().pipeline().get(HANDLER) == null) {
                connection.channel()
                    .pipeline()
                    .addFirst(HANDLER, new FlushConsolidationHandler(
                            FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
                connections.increment();
            }
        });
    }

}
