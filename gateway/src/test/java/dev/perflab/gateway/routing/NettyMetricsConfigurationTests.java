package dev.perflab.gateway.routing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NettyMetricsConfigurationTests {

    @Test
    void serverUrisFoldIntoRouteTemplates() {
        assertThat(NettyMetricsConfiguration.serverUri("/service/hello")).isEqualTo("/service/**");
        assertThat(NettyMetricsConfiguration.serverUri("/service/x/y/z?a=1")).isEqualTo("/service/**");
        assertThat(NettyMetricsConfiguration.serverUri("/actuator/prometheus")).isEqualTo("/actuator/**");
        assertThat(NettyMetricsConfiguration.serverUri("/random-" + System.nanoTime())).isEqualTo("other");
    }

    @Test
    void backendUrisKeepOnlyTheKnownEndpoints() {
        assertThat(NettyMetricsConfiguration.backendUri("/hello")).isEqualTo("/hello");
        assertThat(NettyMetricsConfiguration.backendUri("/delay?ms=5")).isEqualTo("/delay");
        assertThat(NettyMetricsConfiguration.backendUri("/scan/" + System.nanoTime())).isEqualTo("other");
    }

}
