package dev.perflab.business;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BusinessServiceIntegrationTests {

    private final HttpClient http = HttpClient.newHttpClient();

    @Value("${local.server.port}")
    int port;

    @Test
    void helloAnswersHelloWorldAndEchoesTheRequestId() throws Exception {
        HttpResponse<String> response = send("/hello", "rid-42");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Hello World!");
        assertThat(response.headers().firstValue("X-Request-Id")).contains("rid-42");
        assertThat(send("/hello", null).headers().firstValue("X-Request-Id")).isEmpty();
    }

    @Test
    void delayAnswersNoSoonerThanAsked() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = send("/delay?ms=300", null);
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Hello World! (after 300 ms)");
        assertThat(elapsedMs).isGreaterThanOrEqualTo(300);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/delay?ms=abc", "/delay?ms=-1", "/delay?ms=10001", "/delay", "/delay?ms=1.5" })
    void badDelayIs400WithAMessage(String path) throws Exception {
        HttpResponse<String> response = send(path, null);
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("ms must be a whole number of milliseconds from 0 to 10000");
    }

    @Test
    void exposesPrometheusWithTheApplicationTag() throws Exception {
        send("/hello", null);
        assertThat(send("/actuator/prometheus", null).body()).contains("application=\"business-service\"");
    }

    private HttpResponse<String> send(String path, String requestId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (requestId != null) {
            request.header("X-Request-Id", requestId);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

}
