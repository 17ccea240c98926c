package dev.perflab.lean;

import java.util.List;

import reactor.netty.resources.ConnectionProvider;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.cloud.gateway.config.GatewayAutoConfiguration;
import org.springframework.cloud.gateway.config.HttpClientCustomizer;
import org.springframework.cloud.gateway.config.HttpClientFactory;
import org.springframework.cloud.gateway.config.HttpClientProperties;
import org.springframework.cloud.gateway.config.HttpClientSslConfigurer;
import org.springframework.context.annotation.Bean;

/**
 * The routed call's client (Spring Cloud Gateway's {@code HttpClient}) borrows its
 * connections from a pool per event loop ({@link EventLoopLocalConnectionProvider}) when
 * {@code lean.gateway.loop-local-pools} is true (off unless set: a pool's max-connections
 * then holds per event loop). Each per-loop pool is built by the gateway itself from its
 * {@code httpclient.pool} settings, so they all keep the pool name those settings give.
 */
@AutoConfiguration(before = GatewayAutoConfiguration.class)
@ConditionalOnProperty(name = LoopLocalPoolsAutoConfiguration.PROPERTY, havingValue = "true")
public class LoopLocalPoolsAutoConfiguration {

    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".loop-local-pools";

    @Bean
    HttpClientFactory loopLocalGatewayHttpClientFactory(HttpClientProperties properties,
            ServerProperties serverProperties, List<HttpClientCustomizer> customizers,
            HttpClientSslConfigurer sslConfigurer) {
        return new HttpClientFactory(properties, serverProperties, sslConfigurer, customizers) {
            @Override
            protected ConnectionProvider buildConnectionProvider(HttpClientProperties props) {
                if (props.getPool().getType() == HttpClientProperties.Pool.PoolType.DISABLED) {
                    return super.buildConnectionProvider(props);
                }
                return new EventLoopLocalConnectionProvider(props.getPool().getName(),
                        name -> super.buildConnectionProvider(props));
            }
        };
    }

}
