package dev.perflab.gateway;

import org.springframework.test.context.ActiveProfiles;

@ActiveProfiles("reactive")
class ReactiveClientGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "reactive";
    }

}
