package dev.perflab.gateway.headers;

import dev.perflab.lean.OnePassHeadersFilter;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveXForwardedHeadersFilter;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract against Spring Cloud Gateway's own three header filters. */
@ActiveProfiles("reactive")
class DefaultHeaderFiltersGatewayTests extends HeaderRemovalContract {

    @Autowired
    List<HttpHeadersFilter> filters;

    @Test
    void springCloudGatewaysOwnFiltersDoTheRemoving() {
        assertThat(filters).hasAtLeastOneElementOfType(RemoveHopByHopHeadersFilter.class)
            .hasAtLeastOneElementOfType(RemoveForwardedHeadersFilter.class)
            .hasAtLeastOneElementOfType(RemoveXForwardedHeadersFilter.class)
            .noneMatch(OnePassHeadersFilter.class::isInstance);
    }

}
