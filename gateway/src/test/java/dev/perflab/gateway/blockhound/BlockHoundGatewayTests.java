package dev.perflab.gateway.blockhound;

import dev.perflab.gateway.RoutedGatewayContract;
import dev.perflab.gateway.StubServices;
import io.micrometer.core.instrument.FunctionCounter;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The blocking client under the {@code blockhound} profile, in a JVM of its own
 * (surefire's reuseForks=false).
 */
@ActiveProfiles({ "blocking", "blockhound" })
class BlockHoundGatewayTests extends RoutedGatewayContract {

    @Override
    protected String mode() {
        return "blocking";
    }

    @Test
    void theModeSaysOnBecauseBlockHoundReportedTheProbe() {
        assertThat(BlockingCallRecorder.get().caughtProbe()).isTrue();
        assertThat(registry.get("lab.gateway.mode").gauge().getId().getTag("blockhound")).isEqualTo("on");
    }

    @Test
    void theBlockingClientsCallOnTheEventLoopIsCounted() throws Exception {
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).isEqualTo(200);
        double onEventLoops = registry.find("lab.blockhound.blocking.calls")
            .functionCounters()
            .stream()
            .filter(counter -> counter.getId().getTag("thread").contains("-http-"))
            .mapToDouble(FunctionCounter::count)
            .sum();
        assertThat(onEventLoops).isPositive();
    }

}
