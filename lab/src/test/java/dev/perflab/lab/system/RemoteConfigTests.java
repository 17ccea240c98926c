package dev.perflab.lab.system;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The REMOTE file: the committed example reads, and each mistake is one line naming the
 * key.
 */
class RemoteConfigTests {

    private static final Path EXAMPLE = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .resolve("lab/remote.example.yml");

    @TempDir
    Path dir;

    @Test
    void theExampleNamesWhatMakeUpStarts() {
        RemoteConfig config = RemoteConfig.load(EXAMPLE);
        assertThat(config.gateway())
            .isEqualTo(URI.create("http://127.0.0.1:" + Service.GATEWAY.defaultPort() + "/service/hello"));
        assertThat(config.backend())
            .isEqualTo(URI.create("http://127.0.0.1:" + Service.BUSINESS.defaultPort() + "/hello"));
        for (Service service : Service.values()) {
            assertThat(config.prometheus().get(service))
                .isEqualTo(URI.create("http://127.0.0.1:" + service.defaultPort() + "/actuator/prometheus"));
        }
        assertThat(config.authAdmin()).hasValue(URI.create("http://127.0.0.1:" + Service.AUTH.defaultPort()));
        assertThat(config.nginx()).isEmpty();
        assertThat(config.token()).isEmpty();
        assertThat(config.kubernetes().rolloutTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(RemoteSystem.of(config, java.util.List.of(Service.values())).get(Service.AUTH).uri("/admin/fault"))
            .isEqualTo(URI.create("http://127.0.0.1:" + Service.AUTH.defaultPort() + "/admin/fault"));
    }

    @Test
    void eachMistakeIsOneLineNamingTheKey() throws IOException {
        String example = Files.readString(EXAMPLE);
        assertThat(problem(example.replace("  url: http://127.0.0.1:38072/hello", "  url: 127.0.0.1:38072/hello")))
            .endsWith(
                    ": business-service.url '127.0.0.1:38072/hello' is not a URL such as http://127.0.0.1:38071/service/hello");
        assertThat(problem(example.replace("  prometheus: http://127.0.0.1:38073/actuator/prometheus\n", "")))
            .endsWith(": auth-service.prometheus is missing (see lab/remote.example.yml)");
        assertThat(problem(example.replace("gateway:\n", "gatewey:\n"))).contains(
                ": unknown key gatewey (known: gateway, business-service, auth-service, nginx, token, kubernetes)");
        assertThat(problem(example + "kubernetes:\n  rollout_timeout: soon\n"))
            .endsWith(": kubernetes.rollout_timeout 'soon' is not a duration such as 300s or 5m");
        assertThat(problem("gateway: [")).contains("is not valid YAML");
    }

    private String problem(String text) throws IOException {
        Path file = dir.resolve("remote.yml");
        Files.writeString(file, text);
        try {
            RemoteConfig.load(file);
        }
        catch (LabException ex) {
            assertThat(ex.getMessage()).hasLineCount(1).startsWith("REMOTE file " + file);
            return ex.getMessage();
        }
        throw new AssertionError("accepted: " + text);
    }

}
