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
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;

import static org.assertj.core.api.Assertions.assertThat;

/** Each lever switched by its own property, the other way round from the defaults. */
@SpringBootTest(classes = LeanTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { OnePassHeadersAutoConfiguration.PROPERTY + "=false",
                OneWriteAnswerAutoConfiguration.PROPERTY + "=true", LoopLocalPoolsAutoConfiguration.PROPERTY + "=true",
                LeanPathFiltersAutoConfiguration.PROPERTY + "=false" })
class LeanSwitchedTests {

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
        assertThat(headerFilters).hasAtLeastOneElementOfType(RemoveHopByHopHeadersFilter.class)
            .noneMatch(OnePassHeadersFilter.class::isInstance);
        assertThat(globalFilters).hasAtLeastOneElementOfType(OneWriteAnswerFilter.class)
            .noneMatch(NettyWriteResponseFilter.class::isInstance);
        assertThat(gatewayHttpClient.configuration().connectionProvider())
            .isInstanceOf(EventLoopLocalConnectionProvider.class)
            .extracting(provider -> provider.name())
            .isEqualTo("proxy");
        assertThat(filterFactories).noneMatch(LeanStripPrefixGatewayFilterFactory.class::isInstance)
            .noneMatch(LeanSetPathGatewayFilterFactory.class::isInstance);
    }

}
