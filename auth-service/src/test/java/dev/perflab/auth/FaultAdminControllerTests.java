package dev.perflab.auth;

import java.util.List;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

class FaultAdminControllerTests {

    private final FaultSettings faults = new FaultSettings(new AuthProperties(List.of(), "1ms", 0));

    private final FaultAdminController controller = new FaultAdminController(faults,
            new SleepGranularity(new SimpleMeterRegistry()));

    @Test
    void refusesCallersOutsideLoopbackAndChangesNothing() {
        MockHttpServletRequest remote = new MockHttpServletRequest();
        remote.setRemoteAddr("192.0.2.7");
        assertThat(controller.change("50ms", "0.5", remote).getStatusCode().value()).isEqualTo(403);
        assertThat(controller.show(remote).getStatusCode().value()).isEqualTo(403);
        assertThat(faults.current().latency().text()).isEqualTo("1ms");
        assertThat(faults.current().errorRate()).isZero();
    }

    @Test
    void loopbackCallerChangesFaultsAndBadValuesAreRefusedWhole() {
        MockHttpServletRequest local = new MockHttpServletRequest();
        local.setRemoteAddr("127.0.0.1");
        assertThat(controller.change("5ms", "0.25", local).getStatusCode().value()).isEqualTo(200);
        assertThat(faults.current().latency().minNanos()).isEqualTo(5_000_000);
        assertThat(faults.current().errorRate()).isEqualTo(0.25);

        assertThat(controller.change("7ms", "1.5", local).getStatusCode().value()).isEqualTo(400);
        assertThat(controller.change("7ms", "x", local).getStatusCode().value()).isEqualTo(400);
        assertThat(faults.current().latency().minNanos()).as("a refused change keeps the old latency")
            .isEqualTo(5_000_000);
    }

}
