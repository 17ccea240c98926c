package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.perflab.lean.LoopLocalPoolsAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Builds the auth client the active profile names, wrapped in the metrics
 * ({@code lab.auth.metrics}, on unless the no-auth-timer profile turns it off) and the
 * optional cache.
 */
@Configuration(proxyBeanMethods = false)
class AuthClientConfiguration {

    @Bean
    AuthClient authClient(AuthProperties properties, MeterRegistry registry,
            @Value("${lab.netty-metrics:true}") boolean nettyMetrics,
            @Value("${" + LoopLocalPoolsAutoConfiguration.PROPERTY + ":false}") boolean loopLocalPools,
            @Value("${lab.auth.metrics:true}") boolean authMetrics,
            @Value("${lab.auth.on-netty:false}") boolean onNetty) {
        AuthClient base = baseClient(properties, registry, nettyMetrics, loopLocalPools, onNetty);
        AuthClient client = authMetrics ? new MeteredAuthClient(base, registry) : base;
        return properties.cache().enabled() ? new CachingAuthClient(client, properties.cache(), registry) : client;
    }

    private static AuthClient baseClient(AuthProperties properties, MeterRegistry registry, boolean nettyMetrics,
            boolean loopLocalPools, boolean onNetty) {
        if (onNetty && properties.client() != AuthClientMode.REACTIVE) {
            throw new IllegalStateException(
                    "lab.auth.on-netty (profile netty-auth) needs the reactive auth client, not "
                            + properties.client().tag());
        }
        return switch (properties.client()) {
            case BLOCKING -> new BlockingAuthClient(properties, registry);
            case OFFLOADED -> new OffloadedAuthClient(new BlockingAuthClient(properties, registry),
                    Schedulers.boundedElastic(), AuthClientMode.OFFLOADED);
            case VIRTUAL -> new OffloadedAuthClient(new BlockingAuthClient(properties, registry),
                    Schedulers.fromExecutorService(virtualThreadExecutor(), "virtual"), AuthClientMode.VIRTUAL);
            case REACTIVE -> new ReactiveAuthClient(properties, nettyMetrics, loopLocalPools, onNetty);
        };
    }

    /** Looked up reflectively so the gateway still compiles for and runs on JDK 17. */
    private static ExecutorService virtualThreadExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        }
        catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("virtual threads need JDK 21 or newer", ex);
        }
    }

}
