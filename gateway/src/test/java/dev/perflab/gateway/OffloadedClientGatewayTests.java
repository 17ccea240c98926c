package dev.perflab.gateway;

import org.springframework.test.context.ActiveProfiles;

@ActiveProfiles("offloaded")
class OffloadedClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "offloaded";
    }
}
