package dev.perflab.gateway.routing;

import java.io.IOException;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's path-guard rows that the lab's PathGuardIntegrationTests does not send: encoded and
 * raw backslashes and an encoded NUL, and the bodies of the 400 and 404 answers.
 */
class PathGuardGatewayTests extends GatewayWithStubs {

    @Test
    void aPlainPathIsRouted() throws IOException {
        assertThat(rawGet("/service/hello")).startsWith("HTTP/1.1 200").endsWith(StubServices.BACKEND_BODY);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/service/hello%5c..%5cactuator", "/service/hello%5C", "/service/hello%00", "/service/hello%00.txt" })
    void encodedBackslashesAndNulAre400PathNotAllowed(String path) throws IOException {
        int backendCalls = stubs.backendCalls();
        String response = rawGet(path);
        assertThat(response).startsWith("HTTP/1.1 400").endsWith("\r\n\r\npath not allowed\n");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    /** Reactor Netty refuses a raw backslash in the request line itself, before any filter runs. */
    @Test
    void aRawBackslashIs400BeforeRouting() throws IOException {
        int backendCalls = stubs.backendCalls();
        assertThat(rawGet("/service/hello\\..\\actuator")).startsWith("HTTP/1.1 400").contains("content-length: 0");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    @Test
    void theGatewaysOwnUnexposedActuatorEndpointsAre404WithoutNotRouted() throws IOException {
        assertThat(rawGet("/actuator/env")).startsWith("HTTP/1.1 404").doesNotContain("not routed");
    }

    @ParameterizedTest
    @ValueSource(strings = { "/service/actuator", "/service/actuator/env", "/service/ACTUATOR/prometheus" })
    void theBackendsActuatorIs404NotRouted(String path) throws IOException {
        int backendCalls = stubs.backendCalls();
        assertThat(rawGet(path)).startsWith("HTTP/1.1 404").endsWith("\r\n\r\nnot routed\n");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }
}
