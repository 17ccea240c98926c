package dev.perflab.gateway.response;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.config.GatewayProperties;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code lab.response.one-write} (profile {@code one-write-answer}): Spring Cloud
 * Gateway's {@code nettyWriteResponseFilter} is replaced by {@link OneWriteAnswerFilter},
 * which sends a routed answer of known, small length in one socket write.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = OneWriteAnswerConfiguration.PROPERTY, havingValue = "true")
class OneWriteAnswerConfiguration {

    static final String PROPERTY = "lab.response.one-write";

    static final String REPLACED = "nettyWriteResponseFilter";

    @Bean
    static BeanDefinitionRegistryPostProcessor withoutNettyWriteResponseFilter() {
        return registry -> {
            if (!registry.containsBeanDefinition(REPLACED)) {
                // both filters would otherwise read the backend's answer
                throw new IllegalStateException("profile one-write-answer replaces Spring Cloud Gateway's bean '"
                        + REPLACED + "', and there is none (is the NettyRoutingFilter off?)");
            }
            registry.removeBeanDefinition(REPLACED);
        };
    }

    @Bean
    OneWriteAnswerFilter oneWriteAnswerFilter(GatewayProperties properties,
            ObjectProvider<List<HttpHeadersFilter>> headersFilters, MeterRegistry registry) {
        return new OneWriteAnswerFilter(properties.getStreamingMediaTypes(), headersFilters, registry);
    }

}
