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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each lever switched on by its own property (the request id and the global pool have
 * classes of their own): the one-pass header filters, one per direction, take the place
 * of Spring Cloud Gateway's three and remove the same (the header contract), with the
 * one-write answer in the place of the write filter.
 */
@SpringBootTest(classes = LeanTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { OnePassHeadersAutoConfiguration.PROPERTY + "=true",
                OneWriteAnswerAutoConfiguration.PROPERTY + "=true", LoopLocalPoolsAutoConfiguration.PROPERTY + "=true",
                LeanPathFiltersAutoConfiguration.PROPERTY + "=true" })
class LeanSwitchedTests extends HeaderRemovalContract {

    @Autowired
    List<HttpHeadersFilter> headerFilters;

    @Autowired
    List<GlobalFilter> globalFilters;

    @Autowired
    HttpClient gatewayHttpClient;

    @Autowired
    List<GatewayFilterFactory<?>> filterFactories;

    @Test
    void eachLeverFollowsItsProperty() {
        assertThat(headerFilters).noneMatch(RemoveHopByHopHeadersFilter.class::isInstance)
            .noneMatch(RemoveForwardedHeadersFilter.class::isInstance)
            .noneMatch(RemoveXForwardedHeadersFilter.class::isInstance);
        assertThat(headerFilters).filteredOn(OnePassHeadersFilter.class::isInstance)
            .extracting(Object::toString)
            .containsExactlyInAnyOrder("OnePassHeadersFilter[REQUEST, Forwarded, X-Forwarded-*]",
                    "OnePassHeadersFilter[RESPONSE]");
        assertThat(globalFilters).hasAtLeastOneElementOfType(OneWriteAnswerFilter.class)
            .noneMatch(NettyWriteResponseFilter.class::isInstance);
        assertThat(gatewayHttpClient.configuration().connectionProvider())
            .isInstanceOf(EventLoopLocalConnectionProvider.class)
            .extracting(provider -> provider.name())
            .isEqualTo("proxy");
        assertThat(filterFactories).hasAtLeastOneElementOfType(LeanStripPrefixGatewayFilterFactory.class)
            .hasAtLeastOneElementOfType(LeanSetPathGatewayFilterFactory.class);
    }

}
