package dev.perflab.lab.apps;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static dev.perflab.lab.apps.RealApps.TOKEN;
import static dev.perflab.lab.apps.RealApps.get;
import static dev.perflab.lab.apps.RealApps.settle;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every auth client honours the same contract against the real auth-service and backend.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AuthClientModesIntegrationTests extends WithRealApps {

    @AfterEach
    void noFaults() {
        apps.setAuthFaults("latency=0&errorRate=0");
    }

    /**
     * blocking, offloaded and reactive on this JDK; virtual on a JDK 21+ (null when the
     * machine has none).
     */
    static Stream<Arguments> modes() {
        Path current = LaunchSpec.currentJavaHome();
        Stream<Arguments> onThisJdk = Stream.of("blocking", "offloaded", "reactive")
            .map(mode -> Arguments.of(mode, current));
        Path virtualJdk = Runtime.version().feature() >= 21 ? current : RealApps.jdkAtLeast(21).orElse(null);
        return Stream.concat(onThisJdk, Stream.of(Arguments.of("virtual", virtualJdk)));
    }

    /**
     * The spec run with that JDK (virtual threads need 21+). Without one the virtual
     * client's test is skipped with a printed reason, and fails under CI=true.
     */
    private static LaunchSpec onJdk(LaunchSpec spec, Path javaHome) {
        OptionalTools.need(javaHome != null,
                "the virtual-thread client needs a JDK 21 or newer: none in /usr/lib/jvm, and LAB_TEST_JDK21_HOME "
                        + "is not set (point it at one)");
        return new LaunchSpec(spec.service(), spec.port(), spec.profiles(), spec.environment(), spec.jvmOptions(),
                javaHome, spec.foreign());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void goodTokenIsRoutedAndNothingElseReachesTheBackend(String mode, Path javaHome) {
        LaunchSpec spec = onJdk(apps.gatewaySpec(List.of(mode)), javaHome).withEnv("AUTH_TIMEOUT", "1s");
        try (LabSystem system = apps.gateway(spec)) {
            RunningService gateway = system.get(Service.GATEWAY);
            ActuatorMetrics gatewayMetrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(gatewayMetrics.tags("lab.gateway.mode")).containsEntry("auth_client", List.of(mode));
            double hello = apps.backendHelloCount();
            double authCalls = apps.authCallCount();

            HttpResponse<String> missing = get(gateway, "/service/hello", Map.of());
            assertThat(missing.statusCode()).isEqualTo(401);
            assertThat(missing.body()).isEqualTo("missing token\n");
            HttpResponse<String> badHeader = get(gateway, "/service/hello", Map.of("Authorization", "Bearer nope"));
            assertThat(badHeader.statusCode()).isEqualTo(401);
            assertThat(badHeader.body()).isEqualTo("invalid token\n");
            assertThat(get(gateway, "/service/hello?token=nope", Map.of()).statusCode()).isEqualTo(401);

            HttpResponse<String> good = get(gateway, "/service/hello", TOKEN);
            assertThat(good.statusCode()).isEqualTo(200);
            assertThat(good.body()).isEqualTo("Hello World!");
            assertThat(get(gateway, "/service/hello?token=lab-token", Map.of()).body()).isEqualTo("Hello World!");

            assertThat(settle(apps::backendHelloCount, hello + 2)).as("backend calls: only the two good requests")
                .isEqualTo(hello + 2);
            assertThat(settle(apps::authCallCount, authCalls + 4)).as("auth calls: every request that had a token")
                .isEqualTo(authCalls + 4);
            assertThat(gatewayMetrics.count("lab.auth.call", Map.of("client", mode, "outcome", "allowed")))
                .isEqualTo(2);
            assertThat(gatewayMetrics.count("lab.auth.call", Map.of("client", mode, "outcome", "denied"))).isEqualTo(2);

            apps.setAuthFaults("latency=3s");
            HttpResponse<String> slow = get(gateway, "/service/hello", TOKEN);
            assertThat(slow.statusCode()).isEqualTo(504);
            assertThat(slow.body()).isEqualTo("auth service timed out\n");

            apps.setAuthFaults("latency=0&errorRate=1");
            HttpResponse<String> failing = get(gateway, "/service/hello", TOKEN);
            assertThat(failing.statusCode()).isEqualTo(502);
            assertThat(failing.body()).contains("auth service answered with an error");

            assertThat(settle(apps::backendHelloCount, hello + 2)).as("no backend call after a failed auth")
                .isEqualTo(hello + 2);
            assertThat(gatewayMetrics.count("lab.auth.call", Map.of("client", mode, "outcome", "timeout")))
                .isEqualTo(1);
            assertThat(gatewayMetrics.count("lab.auth.call", Map.of("client", mode, "outcome", "failed"))).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void authServiceDownIs503(String mode, Path javaHome) {
        LaunchSpec spec = onJdk(apps.gatewaySpec(List.of(mode)), javaHome).withEnv("AUTH_URL",
                "http://127.0.0.1:" + RealApps.CLOSED_PORT);
        try (LabSystem system = apps.gateway(spec)) {
            RunningService gateway = system.get(Service.GATEWAY);
            double hello = apps.backendHelloCount();
            HttpResponse<String> response = get(gateway, "/service/hello", TOKEN);
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.body()).isEqualTo("auth service unavailable\n");
            assertThat(settle(apps::backendHelloCount, hello)).isEqualTo(hello);
            assertThat(new ActuatorMetrics(gateway.baseUri()).count("lab.auth.call",
                    Map.of("client", mode, "outcome", "unavailable")))
                .isEqualTo(1);
        }
    }

}
