package dev.perflab.lab.apps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.perflab.lab.apps.RealApps.TOKEN;
import static dev.perflab.lab.apps.RealApps.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The point of the lab, proved by BlockHound inside the real gateway: the blocking client
 * blocks a Reactor Netty event-loop thread, the fixes do not. Logging and request ids are
 * set to their non-blocking variants so only the auth client is on trial.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class BlockHoundIntegrationTests extends WithRealApps {

    private static final List<String> QUIET = List.of("blockhound", "log-quiet", "rid-fast");

    @Test
    void blockingClientBlocksAnEventLoopThread() throws IOException {
        LaunchSpec spec = apps.gatewaySpec(with("blocking"));
        try (LabSystem system = apps.gateway(spec)) {
            RunningService gateway = system.get(Service.GATEWAY);
            assertThat(new ActuatorMetrics(gateway.baseUri()).tags("lab.gateway.mode")).containsEntry("blockhound",
                    List.of("on"));
            requests(gateway);
            Map<String, List<String>> tags = new ActuatorMetrics(gateway.baseUri())
                .tags("lab.blockhound.blocking.calls");
            assertThat(tags.get("thread")).isNotEmpty()
                .allSatisfy(thread -> assertThat(thread).startsWith("reactor-http-"));
            assertThat(new ActuatorMetrics(gateway.baseUri()).count("lab.blockhound.blocking.calls", Map.of()))
                .as("at least one blocking socket read per request")
                .isGreaterThanOrEqualTo(5);

            // the report is written once a second from start-up, so wait for what the
            // requests added
            Path report = apps.gatewayLogDir(spec).resolve("blockhound.txt");
            RealApps.settle(() -> reportMentions(report, "RestTemplate") ? 1 : 0, 1);
            String text = Files.readString(report);
            assertThat(text).contains("Blocking call!").contains("on thread reactor-http-").contains("RestTemplate");
        }
    }

    /**
     * A count of zero also reads when BlockHound is missing (the meter then does not
     * exist), so the gateway first proves it is there: {@code blockhound=on} is reported
     * only when BlockHound caught the deliberate blocking call the gateway makes on a
     * non-blocking thread at start-up.
     */
    @ParameterizedTest
    @ValueSource(strings = { "reactive", "offloaded" })
    void fixedClientsBlockNoEventLoopThread(String mode) {
        try (LabSystem system = apps.gateway(with(mode))) {
            RunningService gateway = system.get(Service.GATEWAY);
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(metrics.tags("lab.gateway.mode")).as("BlockHound caught the start-up probe")
                .containsEntry("blockhound", List.of("on"))
                .containsEntry("auth_client", List.of(mode));
            requests(gateway);
            assertThat(metrics.count("lab.blockhound.blocking.calls", Map.of())).isZero();
        }
    }

    private static boolean reportMentions(Path report, String text) {
        try {
            return Files.exists(report) && Files.readString(report).contains(text);
        }
        catch (IOException ex) {
            return false;
        }
    }

    private static List<String> with(String mode) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(mode), QUIET.stream()).toList();
    }

    private static void requests(RunningService gateway) {
        for (int i = 0; i < 5; i++) {
            assertThat(get(gateway, "/service/hello", TOKEN).body()).isEqualTo("Hello World!");
        }
    }

}
