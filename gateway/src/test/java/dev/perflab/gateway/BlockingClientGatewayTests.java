package dev.perflab.gateway;

import org.springframework.test.context.ActiveProfiles;

@ActiveProfiles("blocking")
class BlockingClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "blocking";
    }
}
