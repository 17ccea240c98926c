package dev.perflab.lab.result;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BoundsTests {

    @Test
    void aBlockingGatewayIsBoundByItsEventLoopsOverTheAuthCall() {
        Bounds bounds = Bounds.of(Map.of("auth_client", "blocking", "event_loop_threads", "4"), 20.0,
                Map.of("gateway", 0.5, "auth-service", 0.2), 2, 200, 900.0);
        assertThat(bounds.eventLoop()).isEqualTo(200.0);
        assertThat(bounds.cpu()).isEqualTo(2 * 1000 / 0.7, org.assertj.core.api.Assertions.within(0.1));
        assertThat(bounds.closedLoop()).isEqualTo(222.2);
    }

    @Test
    void aReactiveGatewayHasNoEventLoopBound() {
        Bounds bounds = Bounds.of(Map.of("auth_client", "reactive", "event_loop_threads", "4"), 20.0,
                Map.of("gateway", 0.4), 2, 10, 21.0);
        assertThat(bounds.eventLoop()).isNull();
        assertThat(bounds.cpu()).isEqualTo(5000.0);
        assertThat(bounds.closedLoop()).isEqualTo(476.2);
    }

    @Test
    void nothingMeasuredIsNoBounds() {
        assertThat(Bounds.of(null, null, Map.of(), 2, 0, null)).isNull();
    }

}
