package dev.perflab.lean;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * {@code lean.gateway.path-filters} (on unless set to false): the route filters
 * {@code LeanStripPrefix=N} ({@link LeanStripPrefixGatewayFilterFactory}) and
 * {@code LeanSetPath=/template} ({@link LeanSetPathGatewayFilterFactory}). They change
 * nothing until a route names them.
 */
@AutoConfiguration
@ConditionalOnProperty(name = LeanPathFiltersAutoConfiguration.PROPERTY, havingValue = "true", matchIfMissing = true)
public class LeanPathFiltersAutoConfiguration {

    /** On unless false: only routes that name LeanStripPrefix or LeanSetPath use them. */
    public static final String PROPERTY = "lean.gateway.path-filters";

    @Bean
    LeanStripPrefixGatewayFilterFactory leanStripPrefixGatewayFilterFactory() {
        return new LeanStripPrefixGatewayFilterFactory();
    }

    @Bean
    LeanSetPathGatewayFilterFactory leanSetPathGatewayFilterFactory() {
        return new LeanSetPathGatewayFilterFactory();
    }

}
