package dev.perflab.gateway.routing;

import java.io.IOException;
import java.util.List;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's path-guard rows that the lab's PathGuardIntegrationTests does not send:
 * encoded and raw backslashes and an encoded NUL, and the bodies of the 400 and 404
 * answers; and paths the backend decodes into its actuator (encoded letters, double
 * encoding, mixed case, {@code ;} parameters, {@code ..} segments), checked against what
 * the stub backend actually received.
 */
class PathGuardGatewayTests extends GatewayWithStubs {

    @Test
    void aPlainPathIsRouted() throws IOException {
        assertThat(rawGet("/service/hello")).startsWith("HTTP/1.1 200").endsWith(StubServices.BACKEND_BODY);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/service/hello%5c..%5cactuator", "/service/hello%5C", "/service/hello%00",
            "/service/hello%00.txt" })
    void encodedBackslashesAndNulAre400PathNotAllowed(String path) throws IOException {
        int backendCalls = stubs.backendCalls();
        String response = rawGet(path);
        assertThat(response).startsWith("HTTP/1.1 400").endsWith("\r\n\r\npath not allowed\n");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    /**
     * A raw {@code ;} in any segment: the backend cuts the parameters it starts, so these
     * would be its actuator.
     */
    @ParameterizedTest
    @ValueSource(strings = { "/service/actuator;x/prometheus", "/service/actuator;/health", "/service/;x/actuator/env",
            "/service/x/..;/actuator/env", "/service/ACTUATOR;x=1;y/env" })
    void matrixParametersAre400PathNotAllowed(String path) throws IOException {
        int backendCalls = stubs.backendCalls();
        assertThat(rawGet(path)).startsWith("HTTP/1.1 400").endsWith("\r\n\r\npath not allowed\n");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    /**
     * Reactor Netty refuses a raw backslash in the request line itself, before any filter
     * runs.
     */
    @Test
    void aRawBackslashIs400BeforeRouting() throws IOException {
        int backendCalls = stubs.backendCalls();
        assertThat(rawGet("/service/hello\\..\\actuator")).startsWith("HTTP/1.1 400").contains("content-length: 0");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/service/%61ctuator/prometheus", "/service/%61%63%74%75%61%74%6f%72/env",
            "/service/%2561ctuator/prometheus", "/service/%252561ctuator/prometheus", "/service/%41CTUATOR/env",
            "/service/AcTuAtOr/Prometheus", "/service/Ac%54uAtor/prometheus", "/service/actuator%3Bx=1/prometheus",
            "/service/%61ctuator%253bjsessionid=1/env", "/service/hello/%252e%252e/actuator/env",
            "/service/hello/%252E%252E/%2561ctuator/prometheus", "/service/hello/%252e/%252e%252e/actuator",
            "/service/hello/%25%32%65%25%32%65/actuator/env", "/service/actuator%3bx/prometheus",
            "/service/actuator%3B/health", "/service/%3B/actuator/health", "/service/x/..%3B/actuator/health" })
    void pathsTheBackendDecodesIntoItsActuatorAre404AndNeverReachIt(String path) throws IOException {
        int received = stubs.backendPaths().size();
        assertThat(rawGet(path)).startsWith("HTTP/1.1 404").endsWith("\r\n\r\nnot routed\n");
        assertThat(stubs.backendPaths()).hasSize(received);
    }

    /**
     * A first segment that only decodes to {@code service}: the default route's
     * {@code RewritePath} leaves such a path as it is, and the backend answers 404 to it;
     * {@code StripPrefix=1} and {@code LeanStripPrefix=1} drop that segment whatever it
     * is, and the guard answers 404 (issue 37). Either way the backend never gets its
     * actuator's path.
     */
    @ParameterizedTest
    @ValueSource(strings = { "/servic%65/actuator/prometheus", "/%73ervice/%61ctuator/env", "/servic%65/ACTUATOR" })
    void anEncodedFirstSegmentNeverTakesThePathToTheActuator(String path) throws IOException {
        int received = stubs.backendPaths().size();
        assertThat(rawGet(path)).startsWith("HTTP/1.1 404");
        List<String> paths = stubs.backendPaths();
        assertThat(paths.subList(received, paths.size())).allSatisfy(sent -> assertThat(sent).isEqualTo(path));
    }

    /**
     * No path the backend could agree on: above its root, a malformed escape, a backslash
     * or NUL once decoded, endless decoding.
     */
    @ParameterizedTest
    @ValueSource(strings = { "/service/%252e%252e/actuator/env", "/service/hello/%252e%252e/%252e%252e/actuator",
            "/service/hello%25zz", "/service/hello%25", "/service/hello%255c..%255cactuator", "/service/hello%2500",
            "/service/%2525252525252525252561ctuator", })
    void pathsWithoutOneMeaningAre400AndNeverReachTheBackend(String path) throws IOException {
        int received = stubs.backendPaths().size();
        assertThat(rawGet(path)).startsWith("HTTP/1.1 400").endsWith("\r\n\r\npath not allowed\n");
        assertThat(stubs.backendPaths()).hasSize(received);
    }

    @Test
    void aPlainPathReachesTheBackendRewrittenAndUnchanged() throws IOException {
        assertThat(rawGet("/service/hello")).startsWith("HTTP/1.1 200").endsWith(StubServices.BACKEND_BODY);
        assertThat(stubs.backendPaths()).last().isEqualTo("/hello");
    }

    /**
     * The guard refuses what decodes into the actuator, nothing more: these are forwarded
     * as sent, and the backend answers them.
     */
    @ParameterizedTest
    @ValueSource(strings = { "/service/h%65llo", "/service/actuators", "/service/hello/actuator",
            "/service/hello/%2561", "/service/%61ctuatorx/env" })
    void nearMissesAreForwardedAsSent(String path) throws IOException {
        String response = rawGet(path);
        assertThat(response).doesNotContain("not routed").doesNotContain("path not allowed");
        assertThat(stubs.backendPaths()).last().isEqualTo(path.substring("/service".length()));
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
