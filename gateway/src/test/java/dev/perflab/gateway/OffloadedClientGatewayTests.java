package dev.perflab.gateway;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

@ActiveProfiles("offloaded")
class OffloadedClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "offloaded";
    }

    @Test
    void theAuthCallRunsOnABoundedElasticThread() throws Exception {
        assertThat(threadInTheBlockingAuthCall()).startsWith("boundedElastic-");
    }

}
