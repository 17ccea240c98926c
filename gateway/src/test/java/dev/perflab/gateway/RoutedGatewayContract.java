package dev.perflab.gateway;

import java.net.http.HttpResponse;

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
    void theModeMetricNamesThisClient() {
        assertThat(registry.get("lab.gateway.mode").gauge().getId().getTag("auth_client")).isEqualTo(mode());
    }

}
