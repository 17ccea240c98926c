package dev.perflab.gateway.lean;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.ActiveProfiles;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;

/**
 * The flush-consolidation lever on a real port: every server connection gets Netty's
 * FlushConsolidationHandler (counted as it is added), and answers still leave whole:
 * routed, denied and actuator answers, one after the other on one keep-alive connection.
 */
@ActiveProfiles({ "reactive", "flush-consolidation" })
class FlushConsolidationGatewayTests extends GatewayWithStubs {

    @Test
    void eachConnectionHasTheHandlerAndEveryAnswerStillArrivesWhole() throws Exception {
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
        }
        assertThat(get("/service/hello", "wrong-token").statusCode()).isEqualTo(401);
        assertThat(get("/actuator/health", null).body()).contains("UP");
        double consolidated = registry.get("lab.gateway.flush.consolidated.connections").counter().count();
        assertThat(consolidated).as("the server connections that got the handler").isPositive();
    }

}
