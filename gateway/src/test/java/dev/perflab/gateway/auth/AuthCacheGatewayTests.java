package dev.perflab.gateway.auth;

import java.time.Duration;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@ActiveProfiles({ "reactive", "auth-cache" })
@TestPropertySource(properties = "AUTH_CACHE_TTL=2s")
class AuthCacheGatewayTests extends GatewayWithStubs {

    @Test
    void aCachedTokenIsAskedAboutAgainOnceAUTH_CACHE_TTLHasPassed() throws Exception {
        int authCalls = stubs.authCalls();
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).isEqualTo(200);
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).isEqualTo(200);
        assertThat(stubs.authCalls()).as("the second request within the TTL is answered from the cache")
            .isEqualTo(authCalls + 1);

        Thread.sleep(Duration.ofSeconds(2).plusMillis(500).toMillis());

        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).isEqualTo(200);
        assertThat(stubs.authCalls()).as("after the TTL auth-service is asked again").isEqualTo(authCalls + 2);
    }

}
