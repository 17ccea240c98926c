package dev.perflab.gateway;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import dev.perflab.gateway.calibration.CpuBurnGlobalFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The calibration profile puts its known CPU cost in front of every routed request, and
 * routes as before.
 */
@ActiveProfiles({ "reactive", "burn" })
@TestPropertySource(properties = "lab.burn.micros=250")
class BurnProfileGatewayTests extends GatewayWithStubs {

    @Autowired
    java.util.List<GlobalFilter> filters;

    @Test
    void theBurnFilterRunsWithTheAskedCostAndTheRouteStillAnswers() throws Exception {
        assertThat(filters).filteredOn(CpuBurnGlobalFilter.class::isInstance)
            .singleElement()
            .hasToString("CpuBurnGlobalFilter[250 us of CPU per request]");
        HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
    }

}
