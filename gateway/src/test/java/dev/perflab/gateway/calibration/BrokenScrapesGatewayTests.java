package dev.perflab.gateway.calibration;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import dev.perflab.gateway.GatewayWithStubs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * lab.fault.broken-scrapes=2: the first two Prometheus scrapes lose their connection
 * without an answer, the third is whole, and no other path is touched.
 */
@ActiveProfiles("reactive")
@TestPropertySource(properties = "lab.fault.broken-scrapes=2")
class BrokenScrapesGatewayTests extends GatewayWithStubs {

    @Test
    void theFirstTwoScrapesBreakAndTheThirdIsWhole() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest scrape = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/prometheus"))
            .build();
        assertThat(get("/actuator/health", null).statusCode()).isEqualTo(200);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> http.send(scrape, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
        }
        HttpResponse<String> whole = http.send(scrape, HttpResponse.BodyHandlers.ofString());
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.body()).contains("jvm_memory_used_bytes");
    }

}
