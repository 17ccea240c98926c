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

    @Bean
    NettyServerCustomizer countServerFlushes() {
        return server -> server.doOnConnection(connection -> connection.channel()
            .pipeline()
            .addFirst("test.flushes", new ChannelOutboundHandlerAdapter() {
                @Override
                public void flush(ChannelHandlerContext ctx) {
                    COUNT.incrementAndGet();
                    ctx.flush();
                }
            }));
    }

}
