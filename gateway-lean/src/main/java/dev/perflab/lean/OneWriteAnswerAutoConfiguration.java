package dev.perflab.lean;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.config.GatewayProperties;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.context.annotation.Bean;

/**
 * {@code lean.gateway.one-write-answer} (off unless set to true): Spring Cloud Gateway's
 * {@code nettyWriteResponseFilter} is replaced by {@link OneWriteAnswerFilter}, which
 * sends a routed answer of known, small length in one socket write.
 */
@AutoConfiguration
@ConditionalOnProperty(name = OneWriteAnswerAutoConfiguration.PROPERTY, havingValue = "true")
public class OneWriteAnswerAutoConfiguration {

    /**
     * Off unless true: it trades away streaming of an answer of known length up to 64 KiB
     * (it waits until the answer is whole).
     */
    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".one-write-answer";

    static final String REPLACED = "nettyWriteResponseFilter";

    @Bean
    static BeanDefinitionRegistryPostProcessor withoutNettyWriteResponseFilter() {
        return registry -> {
            if (!registry.containsBeanDefinition(REPLACED)) {
                // both filters would otherwise read the backend's answer
                throw new IllegalStateException(PROPERTY + "=true replaces Spring Cloud Gateway's bean '" + REPLACED
                        + "', and there is none (is the NettyRoutingFilter off?)");
            }
            registry.removeBeanDefinition(REPLACED);
        };
    }

    @Bean
    OneWriteAnswerFilter oneWriteAnswerFilter(GatewayProperties properties,
            ObjectProvider<List<HttpHeadersFilter>> headersFilters, ObjectProvider<MeterRegistry> registry) {
        return new OneWriteAnswerFilter(properties.getStreamingMediaTypes(), headersFilters, registry.getIfAvailable());
    }

}
