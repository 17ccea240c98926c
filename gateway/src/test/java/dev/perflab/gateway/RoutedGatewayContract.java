package dev.perflab.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole gateway on a random port in front of {@link StubServices}: what every auth client must
 * do. One subclass per client names its profile and its metric tag.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
public abstract class RoutedGatewayContract {

    protected static StubServices stubs;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    protected int port;

    @Autowired
    protected MeterRegistry registry;

    @BeforeAll
    static void startStubs() {
        stubs = new StubServices();
    }

    @AfterAll
    static void stopStubs() {
        stubs.close();
    }

    @DynamicPropertySource
    static void pointAtStubs(DynamicPropertyRegistry registry) {
        registry.add("AUTH_URL", () -> "http://127.0.0.1:" + stubs.authPort());
        registry.add("BUSINESS_URL", () -> "http://127.0.0.1:" + stubs.backendPort());
        registry.add("lab.log.dir", () -> "target/test-logs");
    }

    /** The value of the {@code client} and {@code auth_client} tags this gateway must report. */
    protected abstract String mode();

    @Test
    void aGoodTokenGetsTheBackendsAnswer() throws Exception {
        int backendCalls = stubs.backendCalls();
        HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls + 1);
        assertThat(registry.get("lab.auth.call").tag("client", mode()).tag("outcome", "allowed").timer().count()).isPositive();
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
        assertThat(registry.get("lab.auth.call").tag("client", mode()).tag("outcome", "denied").timer().count()).isPositive();
    }

    @Test
    void theModeMetricNamesThisClient() {
        assertThat(registry.get("lab.gateway.mode").gauge().getId().getTag("auth_client")).isEqualTo(mode());
    }

    protected HttpResponse<String> get(String path, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
