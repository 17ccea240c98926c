package dev.perflab.lab.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every way a start can fail ends in one readable line, and leaves no process behind. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class StartupFailuresIntegrationTests {

    private static final List<String> JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1");

    private static final Duration LIMIT = Duration.ofSeconds(120);

    private final Path root = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path logs;

    private LaunchSpec gateway(List<String> profiles) {
        return LaunchSpec.of(Service.GATEWAY).withPort(29171).withJvmOptions(JVM).withProfiles(profiles);
    }

    @Test
    void virtualProfileOnJdk17ExitsWithOneLine() {
        assumeTrue(Runtime.version().feature() < 21, "this JVM has virtual threads");
        assertThatThrownBy(
                () -> LabSystem.start(new ServiceLauncher(root, logs), List.of(gateway(List.of("virtual"))), LIMIT))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("gateway exited during start-up (exit code 2)")
            .hasMessageContaining("profile 'virtual' needs JDK 21 or newer")
            .hasMessageNotContaining("Exception");
    }

    @Test
    void unknownProfileIsNamedAndTheOtherServicesOfTheStartAreStopped() {
        LaunchSpec business = LaunchSpec.of(Service.BUSINESS).withPort(29172).withJvmOptions(JVM);
        assertThatThrownBy(() -> LabSystem.start(new ServiceLauncher(root, logs),
                List.of(business, gateway(List.of("reactive", "nope"))), LIMIT))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("unknown profile 'nope'; known profiles: blocking, offloaded, reactive");
        assertThat(Ports.free(29172)).as("business-service was stopped with the failed start").isTrue();
    }

    @Test
    void busyPortIsRefusedBeforeAnythingStarts() throws IOException {
        try (ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 29171));
            assertThatThrownBy(() -> new ServiceLauncher(root, logs).start(gateway(List.of())))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("port 29171 for gateway is already in use");
        }
    }

    @Test
    void missingJarSaysHowToBuildIt(@TempDir Path emptyRoot) {
        assertThatThrownBy(() -> new ServiceLauncher(emptyRoot, logs).start(gateway(List.of())))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("gateway is not built")
            .hasMessageContaining("make build");
    }

}
