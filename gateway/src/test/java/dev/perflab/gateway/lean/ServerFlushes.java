package dev.perflab.gateway.lean;

import java.util.concurrent.atomic.AtomicInteger;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Counts the flushes that reach the socket of every server connection of a test's
 * gateway: a handler at the head of each connection's pipeline sees each one on its way
 * to the {@code send} system call.
 */
@TestConfiguration(proxyBeanMethods = false)
class ServerFlushes {

    static final AtomicInteger COUNT = new AtomicInteger();

    /** Server connections that got the counting handler. */
    static final AtomicInteger CONNECTIONS = new AtomicInteger();

    private static final String HANDLER = "test.flushes";

    @Bean
    NettyServerCustomizer countServerFlushes() {
        // Reactor Netty calls this for every request of a keep-alive connection: add once
        return server -> server.doOnConnection(connection -> {
            if (connection.channel().pipeline().get(HANDLER) == null) {
                connection.channel().pipeline().addFirst(HANDLER, new ChannelOutboundHandlerAdapter() {
                    @Override
                    public void flush(ChannelHandlerContext ctx) {
                        COUNT.incrementAndGet();
                        ctx.flush();
                    }
                });
                CONNECTIONS.incrementAndGet();
            }
        });
    }

}
