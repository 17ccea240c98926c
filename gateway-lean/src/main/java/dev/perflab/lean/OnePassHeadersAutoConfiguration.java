package dev.perflab.lean;

import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.context.annotation.Bean;

/**
 * {@code lean.gateway.one-pass-headers} (off unless set to true): the three header
 * filters that each copy every request header to remove a few are replaced by one
 * {@link OnePassHeadersFilter} per direction. Spring Cloud Gateway registers
 * {@code removeHopByHopHeadersFilter} always, and {@code removeForwardedHeadersFilter}
 * and {@code removeXForwardedHeadersFilter} when no trusted proxies are set; whichever of
 * them are registered are removed here, and the one-pass filter removes what they would.
 */
@AutoConfiguration
@ConditionalOnProperty(name = OnePassHeadersAutoConfiguration.PROPERTY, havingValue = "true")
public class OnePassHeadersAutoConfiguration {

    /**
     * Off unless true, as every lever: on, it takes three of Spring Cloud Gateway's beans
     * out of the context, though the header contract (what a request and an answer lose)
     * is the same with and without it.
     */
    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".one-pass-headers";

    static final String HOP_BY_HOP = "removeHopByHopHeadersFilter";

    static final String FORWARDED = "removeForwardedHeadersFilter";

    static final String X_FORWARDED = "removeXForwardedHeadersFilter";

    @Bean
    static BeanDefinitionRegistryPostProcessor onePassHeaders() {
        return registry -> {
            boolean forwarded = remove(registry, FORWARDED);
            boolean xForwarded = remove(registry, X_FORWARDED);
            remove(registry, HOP_BY_HOP);
            register(registry, "onePassRequestHeadersFilter", HttpHeadersFilter.Type.REQUEST, forwarded, xForwarded);
            register(registry, "onePassResponseHeadersFilter", HttpHeadersFilter.Type.RESPONSE, false, false);
        };
    }

    private static boolean remove(BeanDefinitionRegistry registry, String name) {
        if (!registry.containsBeanDefinition(name)) {
            return false;
        }
        registry.removeBeanDefinition(name);
        return true;
    }

    private static void register(BeanDefinitionRegistry registry, String name, HttpHeadersFilter.Type type,
            boolean forwarded, boolean xForwarded) {
        RootBeanDefinition filter = new RootBeanDefinition(OnePassHeadersFilter.class);
        ConstructorArgumentValues arguments = new ConstructorArgumentValues();
        arguments.addIndexedArgumentValue(0, type);
        arguments.addIndexedArgumentValue(1, forwarded);
        arguments.addIndexedArgumentValue(2, xForwarded);
        filter.setConstructorArgumentValues(arguments);
        registry.registerBeanDefinition(name, filter);
    }

}
