package dev.perflab.gateway.routing;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.cloud.gateway.config.HttpClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Reactor Netty server and client metrics, with URI tags folded to a handful of values so
 * a scan of random paths cannot blow up the number of time series.
 * {@code lab.netty-metrics=false} turns them off (the auth client's too); the lab's own
 * auth-call timer stays.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "lab.netty-metrics", havingValue = "true", matchIfMissing = true)
class NettyMetricsConfiguration {

    @Bean
    NettyServerCustomizer serverMetrics() {
        return server -> server.metrics(true, NettyMetricsConfiguration::serverUri);
    }

    @Bean
    HttpClientCustomizer routedClientMetrics() {
        return client -> client.metrics(true, NettyMetricsConfiguration::backendUri);
    }

    static String serverUri(String uri) {
        if (uri.startsWith(PathGuardGlobalFilter.PREFIX + "/")) {
            return PathGuardGlobalFilter.PREFIX + "/**";
        }
        if (uri.startsWith("/actuator")) {
            return "/actuator/**";
        }
        return "other";
    }

    static String backendUri(String uri) {
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        return switch (path) {
            case "/hello", "/delay" -> path;
            default -> "other";
        };
    }

}
