package dev.perflab.lean;

import java.util.List;

import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.context.ApplicationContext;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveXForwardedHeadersFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The library's defaults in a stock application: the one-pass header filters take the
 * place of Spring Cloud Gateway's three (the header contract, HeaderRemovalContract in
 * the gateway module, holds for both); the one-write answer and the loop-local pools (the
 * routed call's and the global one) and the request id stay off until their property
 * turns them on, as each trades something away or adds a header; the LeanStripPrefix and
 * LeanSetPath route filters are there, and change nothing until a route names them.
 */
@SpringBootTest(classes = LeanTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LeanDefaultsTests {

    @Autowired
    List<HttpHeadersFilter> headerFilters;

    @Autowired
    List<GlobalFilter> globalFilters;

    @Autowired
    HttpClient gatewayHttpClient;

    @Autowired
    ApplicationContext context;

    @Test
    void onePassHeadersAreOnAndTheOthersOff() {
        assertThat(headerFilters).filteredOn(OnePassHeadersFilter.class::isInstance)
            .extracting(Object::toString)
            .containsExactlyInAnyOrder("OnePassHeadersFilter[REQUEST, Forwarded, X-Forwarded-*]",
                    "OnePassHeadersFilter[RESPONSE]");
        assertThat(headerFilters).noneMatch(RemoveHopByHopHeadersFilter.class::isInstance)
            .noneMatch(RemoveForwardedHeadersFilter.class::isInstance)
            .noneMatch(RemoveXForwardedHeadersFilter.class::isInstance);
        assertThat(globalFilters).hasAtLeastOneElementOfType(NettyWriteResponseFilter.class)
            .noneMatch(OneWriteAnswerFilter.class::isInstance);
        assertThat(gatewayHttpClient.configuration().connectionProvider())
            .isNotInstanceOf(EventLoopLocalConnectionProvider.class);
        assertThat(context.getBeansOfType(EventLoopLocalConnectionProvider.class)).isEmpty();
        assertThat(headerFilters).noneMatch(RequestIdHeadersFilter.class::isInstance);
        assertThat(globalFilters).noneMatch(LeanRequestIdFilter.class::isInstance);
        assertThat(context.getBeansOfType(LeanStripPrefixGatewayFilterFactory.class)).hasSize(1);
        assertThat(context.getBeansOfType(LeanSetPathGatewayFilterFactory.class)).hasSize(1);
    }

}
