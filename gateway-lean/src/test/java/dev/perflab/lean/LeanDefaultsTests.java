package dev.perflab.lean;

import java.util.List;

import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.filter.factory.GatewayFilterFactory;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveXForwardedHeadersFilter;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The library in a stock application without a property of its own: every lever is off,
 * so Spring Cloud Gateway keeps each of its beans (its three header filters, which do the
 * removing of the header contract here, and its write filter), the routed call and the
 * global pool keep Reactor Netty's pools, no request id is added and there are no lean
 * route filters.
 */
@SpringBootTest(classes = LeanTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LeanDefaultsTests extends HeaderRemovalContract {

    @Autowired
    List<HttpHeadersFilter> headerFilters;

    @Autowired
    List<GlobalFilter> globalFilters;

    @Autowired
    HttpClient gatewayHttpClient;

    @Autowired
    List<GatewayFilterFactory<?>> filterFactories;

    @Autowired
    ApplicationContext context;

    @Test
    void everyLeverIsOffAndSpringCloudGatewaysOwnBeansStay() {
        assertThat(headerFilters).hasAtLeastOneElementOfType(RemoveHopByHopHeadersFilter.class)
            .hasAtLeastOneElementOfType(RemoveForwardedHeadersFilter.class)
            .hasAtLeastOneElementOfType(RemoveXForwardedHeadersFilter.class)
            .noneMatch(OnePassHeadersFilter.class::isInstance);
        assertThat(globalFilters).hasAtLeastOneElementOfType(NettyWriteResponseFilter.class)
            .noneMatch(OneWriteAnswerFilter.class::isInstance);
        assertThat(gatewayHttpClient.configuration().connectionProvider())
            .isNotInstanceOf(EventLoopLocalConnectionProvider.class);
        assertThat(context.getBeansOfType(EventLoopLocalConnectionProvider.class)).isEmpty();
        assertThat(headerFilters).noneMatch(RequestIdHeadersFilter.class::isInstance);
        assertThat(globalFilters).noneMatch(LeanRequestIdFilter.class::isInstance);
        assertThat(filterFactories).noneMatch(LeanStripPrefixGatewayFilterFactory.class::isInstance)
            .noneMatch(LeanSetPathGatewayFilterFactory.class::isInstance);
    }

}
