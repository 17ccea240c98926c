package dev.perflab.gateway.netty;

import dev.perflab.lean.EventLoopLocalConnectionProvider;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The routed call under {@code loop-pools} (the lab's GatewaySwitchesIntegrationTests
 * covers the auth call's pools).
 */
@ActiveProfiles({ "reactive", "loop-pools" })
class LoopPoolsGatewayTests extends GatewayWithStubs {

    @Autowired
    HttpClient gatewayHttpClient;

    @Test
    void routedCallsBorrowFromAPoolOfTheEventLoopThatReadTheRequest() throws Exception {
        for (int i = 0; i < 4; i++) {
            assertThat(get("/service/hello", StubServices.GOOD_TOKEN).body()).isEqualTo(StubServices.BACKEND_BODY);
        }
        ConnectionProvider pools = gatewayHttpClient.configuration().connectionProvider();
        assertThat(pools).isInstanceOf(EventLoopLocalConnectionProvider.class);
        assertThat(((EventLoopLocalConnectionProvider) pools).eventLoopPools()).as("pools opened by event loops")
            .isPositive();
        assertThat(pools.name()).as("the per-loop pools keep the gateway's pool name").isEqualTo("proxy");
    }

}
