package dev.perflab.lab.apps;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import java.nio.file.Path;

import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.targets.NginxProcess;
import org.junit.jupiter.api.io.TempDir;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paths a backend could normalise or decode into {@code /actuator/**} never get there
 * (the real business-service decodes {@code %61ctuator} into {@code actuator}). Sent over
 * a raw socket, byte for byte, because HTTP clients (and curl without --path-as-is)
 * normalise them first.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PathGuardIntegrationTests extends WithRealApps {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    /** A test port below the ephemeral range, beside RealApps' own. */
    private static final int NGINX_PORT = 29078;

    private static LabSystem gateway;

    @BeforeAll
    static void startGateway() {
        gateway = apps.gateway(List.of("log-quiet"));
    }

    @AfterAll
    static void stopGateway() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void theRawClientReachesTheBackendOnAPlainPath() throws IOException {
        assertThat(rawGet("/service/hello")).startsWith("HTTP/1.1 200").endsWith("Hello World!");
    }

    @ParameterizedTest
    @CsvSource({ "/service/../actuator/env, 400", "/service/hello/../../actuator/prometheus, 400",
            "/service/./actuator/prometheus, 400", "/service/%2e%2e/actuator/env, 400",
            "/service/%2E%2E/actuator/prometheus, 400", "/service/..%2factuator/prometheus, 400",
            "/service//actuator/prometheus, 400", "/service/hello;x=/../actuator/prometheus, 400",
            "/service/actuator/prometheus, 404", "/service/%61ctuator/prometheus, 404",
            "/service/%2561ctuator/prometheus, 404", "/service/%41CTUATOR/env, 404",
            "/service/actuator%3Bx=1/prometheus, 404", "/service/hello/%252e%252e/actuator/env, 404",
            "/service/actuator, 404", "/actuator/env, 404", "/service/actuator;x/prometheus, 400",
            "/service/actuator;/health, 400", "/service/;x/actuator/health, 400", "/service/x/..;/actuator/health, 400",
            "/service/actuator%3Bx/prometheus, 404", "/service/actuator%3bx/prometheus, 404",
            "/service/%3B/actuator/health, 404", "/service/x/..%3B/actuator/health, 404", })
    void actuatorIsNeverRouted(String path, int status) throws IOException {
        String response = rawGet(path);
        assertThat(response).startsWith("HTTP/1.1 " + status);
        assertThat(response).doesNotContain("# HELP").doesNotContain("activeProfiles").doesNotContain("Hello World!");
        if (path.startsWith("/service/") && status == 404) {
            // the gateway's guard answered, not the backend after decoding the path its
            // own way
            assertThat(response).endsWith("not routed\n");
        }
    }

    /**
     * Paths the nginx references must refuse as the gateway does. nginx proxied
     * {@code /service/actuator/*} to the backend (issue 37), and, as it keeps {@code ;}
     * parameters in the path it matches while business-service cuts them,
     * {@code /service/actuator;x/prometheus} and the same with {@code %3B} got the
     * backend's Prometheus text through both references (issue 52). Now they answer 404
     * for the actuator and 400 for a {@code ;}, and nothing of the backend reaches the
     * client.
     */
    static final List<String> NOT_FOR_NGINX = List.of("/service/actuator/prometheus", "/service/%61ctuator/prometheus",
            "/service/%41CTUATOR/env", "/service/hello/../actuator/env", "/service/actuator",
            "/service//actuator/prometheus", "/service/actuator;x/prometheus", "/service/actuator%3Bx/prometheus",
            "/service/actuator%3bx/prometheus", "/service/actuator;/health", "/service/ACTUATOR;x/health",
            "/service//actuator;x/health", "/service/hello/../actuator;x/health",
            "/service/%2e%2e/service/actuator;x/health", "/service/x/..;/actuator/health",
            "/service/.;/actuator/health", "/service/;x/actuator/health", "/service/actuator/health;x",
            "/service/%61ctuator%3Bx/env");

    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void theNginxReferencesNeverRouteTheActuatorEither(boolean cached, @TempDir Path dir) throws IOException {
        dev.perflab.lab.OptionalTools.need("nginx");
        int port = NGINX_PORT;
        try (NginxProcess nginx = NginxProcess.start(NginxProcess.template(ROOT, cached), dir.resolve("nginx"), port,
                RealApps.BUSINESS_PORT, RealApps.AUTH_PORT, "lab-token")) {
            assertThat(rawGet(port, "/service/hello")).startsWith("HTTP/1.1 200").endsWith("Hello World!");
            SoftAssertions softly = new SoftAssertions();
            for (String path : NOT_FOR_NGINX) {
                String response = rawGet(port, path);
                softly.assertThat(response).as(path).containsPattern("^HTTP/1\\.1 40[04] ");
                softly.assertThat(response)
                    .as(path)
                    .doesNotContain("# HELP")
                    .doesNotContain("activeProfiles")
                    .doesNotContain("\"status\":\"UP\"")
                    .doesNotContain("Hello");
            }
            softly.assertAll();
        }
    }

    private static String rawGet(String path) throws IOException {
        return rawGet(gateway.get(Service.GATEWAY).spec().port(), path);
    }

    private static String rawGet(int port, String path) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer lab-token\r\n"
                    + "Connection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

}
