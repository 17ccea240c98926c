package dev.perflab.gateway;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

@ActiveProfiles("reactive")
class ReactiveClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "reactive";
    }

    @Test
    void byDefaultTheGrpcRequestHeaderFilterRunsOnEveryRoutedRequest() throws Exception {
        // the control for the lean ladder's no-grpc-headers profile
        // (LeanProfilesGatewayTests)
        assertThat(teTheBackendSawForGrpcContent()).isEqualTo("trailers");
    }

}
