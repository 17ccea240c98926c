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

/**
 * The contract with profile one-header-pass: one filter per direction instead of Spring
 * Cloud Gateway's three, removing the same.
 */
@ActiveProfiles({ "reactive", "one-header-pass" })
class OnePassHeadersGatewayTests extends HeaderRemovalContract {

    @Autowired
    List<HttpHeadersFilter> filters;

    @Test
    void oneFilterPerDirectionReplacesTheThreeThatEachCopyTheHeaders() {
        assertThat(filters).noneMatch(RemoveHopByHopHeadersFilter.class::isInstance)
            .noneMatch(RemoveForwardedHeadersFilter.class::isInstance)
            .noneMatch(RemoveXForwardedHeadersFilter.class::isInstance);
        assertThat(filters).filteredOn(OnePassHeadersFilter.class::isInstance)
            .extracting(Object::toString)
            .containsExactlyInAnyOrder("OnePassHeadersFilter[REQUEST, Forwarded, X-Forwarded-*]",
                    "OnePassHeadersFilter[RESPONSE]");
    }

}
