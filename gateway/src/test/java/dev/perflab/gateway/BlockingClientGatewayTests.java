package dev.perflab.gateway;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

@ActiveProfiles("blocking")
class BlockingClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "blocking";
    }

    @Test
    void theAuthCallRunsOnAnEventLoopThread() throws Exception {
        assertThat(threadInTheBlockingAuthCall()).contains("-http-");
    }

    @Test
    void theAuthCallsPoolHolds500ConnectionsAnd50PerRoute() {
        assertThat(registry.get("httpcomponents.httpclient.pool.total.max").tag("httpclient", "auth").gauge().value())
            .isEqualTo(500);
        assertThat(registry.get("httpcomponents.httpclient.pool.route.max.default")
            .tag("httpclient", "auth")
            .gauge()
            .value()).isEqualTo(50);
    }

}
