package dev.perflab.auth;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "lab.auth.tokens=lab-token,second-token")
class AuthServiceIntegrationTests {

    private final HttpClient http = HttpClient.newHttpClient();

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry registry;

    @Autowired
    FaultSettings faults;

    @AfterEach
    void noFaults() throws Exception {
        send(post("/admin/fault?latency=0&errorRate=0"));
    }

    @Test
    void acceptsConfiguredTokensFromQueryHeaderOrBody() throws Exception {
        assertThat(send(get("/auth?token=lab-token")).statusCode()).isEqualTo(200);
        assertThat(send(get("/auth?token=second-token")).statusCode()).isEqualTo(200);
        assertThat(send(
                request("/auth").header("Authorization", "Bearer lab-token").POST(HttpRequest.BodyPublishers.noBody()))
            .statusCode()).isEqualTo(200);
        assertThat(send(request("/auth").POST(HttpRequest.BodyPublishers.ofString("lab-token"))).statusCode())
            .isEqualTo(200);
        assertThat(send(request("/auth").POST(HttpRequest.BodyPublishers.ofString("token=lab-token"))).statusCode())
            .isEqualTo(200);
    }

    @Test
    void rejectsMissingAndUnknownTokens() throws Exception {
        HttpResponse<String> missing = send(get("/auth"));
        assertThat(missing.statusCode()).isEqualTo(401);
        assertThat(missing.body()).contains("missing token");
        HttpResponse<String> unknown = send(
                request("/auth").header("Authorization", "Bearer nope").POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(unknown.body()).contains("invalid token");
    }

    @Test
    void errorRateChangedAtRunTimeTurnsAnswersInto500() throws Exception {
        assertThat(send(post("/admin/fault?errorRate=1")).statusCode()).isEqualTo(200);
        assertThat(send(get("/auth?token=lab-token")).statusCode()).isEqualTo(500);
        assertThat(send(post("/admin/fault?errorRate=0")).statusCode()).isEqualTo(200);
        assertThat(send(get("/auth?token=lab-token")).statusCode()).isEqualTo(200);
    }

    @Test
    void latencyChangedAtRunTimeIsSleptAndRecordedAsReallySlept() throws Exception {
        Timer slept = registry.get("lab.auth.injected.latency").timer();
        long before = slept.count();
        HttpResponse<String> changed = send(post("/admin/fault?latency=30ms"));
        assertThat(changed.body()).contains("\"latency\":\"30ms\"");
        assertThat(send(get("/auth?token=lab-token")).statusCode()).isEqualTo(200);
        assertThat(slept.count()).isEqualTo(before + 1);
        // a sleep may overshoot but never end early
        assertThat(slept.max(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(30.0);
    }

    @Test
    void badFaultValuesAreRefusedWithTheReason() throws Exception {
        HttpResponse<String> response = send(post("/admin/fault?latency=fast"));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("not a duration");
        assertThat(faults.current().latency().isNone()).isTrue();
    }

    @Test
    void publishesPrometheusMetricsWithTheApplicationTagAndMeasuredSleepGranularity() throws Exception {
        send(get("/auth?token=lab-token"));
        String scrape = send(get("/actuator/prometheus")).body();
        assertThat(scrape).contains("application=\"auth-service\"");
        assertThat(scrape).containsPattern("lab_auth_sleep_actual_seconds\\{.*method=\"park\".*requested=\"500us\"");
        assertThat(scrape).contains("http_server_requests_seconds_count");
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    private HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    private HttpRequest.Builder post(String path) {
        return request(path).POST(HttpRequest.BodyPublishers.noBody());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

}
