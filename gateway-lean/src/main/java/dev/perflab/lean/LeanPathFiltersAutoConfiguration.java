package dev.perflab.lean;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * {@code lean.gateway.path-filters} (off unless set to true): the route filters
 * {@code LeanStripPrefix=N} ({@link LeanStripPrefixGatewayFilterFactory}) and
 * {@code LeanSetPath=/template} ({@link LeanSetPathGatewayFilterFactory}). They change
 * nothing until a route names them.
 */
@AutoConfiguration
@ConditionalOnProperty(name = LeanPathFiltersAutoConfiguration.PROPERTY, havingValue = "true")
public class LeanPathFiltersAutoConfiguration {

    /**
     * Off unless true; on, only routes that name LeanStripPrefix or LeanSetPath use them.
     */
    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".path-filters";

    @Bean
    LeanStripPrefixGatewayFilterFactory leanStripPrefixGatewayFilterFactory() {
        return new LeanStripPrefixGatewayFilterFactory();
    }

    @Bean
    LeanSetPathGatewayFilterFactory leanSetPathGatewayFilterFactory() {
        return new LeanSetPathGatewayFilterFactory();
    }

}
