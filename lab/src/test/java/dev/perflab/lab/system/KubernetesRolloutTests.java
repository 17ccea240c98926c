package dev.perflab.lab.system;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which deploy/k8s overlay RUNTIME=kubernetes applies for a rung. */
class KubernetesRolloutTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private final KubernetesRollout kubernetes = new KubernetesRollout(ROOT,
            new RemoteConfig.Kubernetes(Optional.empty(), Optional.empty(), Duration.ofMinutes(5)));

    @Test
    void aRungRunsTheOverlayOfItsNameElseOfItsOnlyProfile() {
        Path overlays = ROOT.resolve("deploy/k8s/overlays");
        assertThat(kubernetes.overlay("loop-pools", List.of("reactive", "log-quiet", "rid-fast", "loop-pools")))
            .hasValue(overlays.resolve("loop-pools"));
        assertThat(kubernetes.overlay("gateway-blocking", List.of("blocking")))
            .as("make gateway-test AUTH_CLIENT=blocking")
            .hasValue(overlays.resolve("blocking"));
        assertThat(kubernetes.overlay("rid-fast", List.of("reactive", "log-quiet", "rid-fast"))).isEmpty();
        assertThat(kubernetes.overlay("gateway-virtual", List.of("virtual"))).isEmpty();
        assertThat(kubernetes.overlay("gateway-x", List.of("../base"))).as("a profile is no path").isEmpty();
        assertThat(kubernetes.base()).isEqualTo(ROOT.resolve("deploy/k8s/base"));
    }

}
