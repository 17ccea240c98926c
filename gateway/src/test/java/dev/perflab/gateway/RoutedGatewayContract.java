package dev.perflab.gateway;

import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every auth client must do in the whole gateway. One subclass per client names its
 * profile and its metric tag.
 */
public abstract class RoutedGatewayContract extends GatewayWithStubs {

    /**
     * The value of the {@code client} and {@code auth_client} tags this gateway must
     * report.
     */
    protected abstract String mode();

    @Test
    void aGoodTokenGetsTheBackendsAnswer() throws Exception {
        int backendCalls = stubs.backendCalls();
        HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls + 1);
        assertThat(registry.get("lab.auth.call").tag("client", mode()).tag("outcome", "allowed").timer().count())
            .isPositive();
    }

    @Test
    void aBadTokenIs401AndNeverReachesTheBackend() throws Exception {
        int backendCalls = stubs.backendCalls();
        int authCalls = stubs.authCalls();
        HttpResponse<String> response = get("/service/hello", "bad");
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo("invalid token\n");
        assertThat(stubs.authCalls()).isEqualTo(authCalls + 1);
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
        assertThat(registry.get("lab.auth.call").tag("client", mode()).tag("outcome", "denied").timer().count())
            .isPositive();
    }

    @Test
    void anAuthAnswerThatTricklesEndsIn504AtTheDeadline() throws Exception {
        int backendCalls = stubs.backendCalls();
        // 200 bytes at one per 100 ms: 20 s to the end, against AUTH_TIMEOUT's 2 s
        stubs.authTrickle(200);
        try {
            long start = System.nanoTime();
            HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(response.statusCode()).isEqualTo(504);
            assertThat(took).as("answered at the 2 s deadline, not after the 20 s trickle")
                .isLessThan(Duration.ofSeconds(10));
            assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
            assertThat(registry.get("lab.auth.call").tag("client", mode()).tag("outcome", "timeout").timer().count())
                .isPositive();
        }
        finally {
            stubs.authTrickle(0);
        }
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).as("the next call is whole again")
            .isEqualTo(200);
    }

    @Test
    void theModeMetricNamesThisClient() {
        assertThat(registry.get("lab.gateway.mode").gauge().getId().getTag("auth_client")).isEqualTo(mode());
    }

}
