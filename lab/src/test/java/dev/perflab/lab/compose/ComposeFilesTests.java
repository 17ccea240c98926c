package dev.perflab.lab.compose;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import java.time.Duration;

import dev.perflab.lab.LabException;
import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.runtime.ComposeRuntime;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The compose files and the monitoring configuration, checked by their own tools: no
 * engine needed.
 */
class ComposeFilesTests {

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final List<String> APPS = List.of("business-service", "auth-service", "gateway");

    @Test
    void everyComposeFileIsValidForCompose() {
        List<String> compose = Tools.compose();
        for (String file : List.of("docker-compose.yml", "docker-compose.host.yml")) {
            List<String> command = new ArrayList<>(compose);
            command.addAll(List.of("-f", file, "--profile", "monitoring", "config", "-q"));
            if (compose.get(0).equals("docker-compose")) {
                command.remove("--profile");
                command.remove("monitoring");
            }
            Commands.Result result = Tools.run(command, Map.of(), 120);
            assertThat(result.exit()).as(file + ": " + result.output()).isZero();
        }
    }

    @Test
    void publishedPortsBindLoopbackOnlyAndLimitsAreThePublishedLabs() {
        JsonNode services = resolved("docker-compose.yml").path("services");
        for (var entry : services.properties()) {
            for (JsonNode port : entry.getValue().path("ports")) {
                assertThat(port.asString()).as(entry.getKey()).startsWith("127.0.0.1:");
            }
        }
        assertThat(services.path("gateway").path("ports").toString()).contains("127.0.0.1:38071:38071")
            .as("the JProfiler agent's port is not published from a bridge network")
            .doesNotContain("8849");
        assertThat(services.path("gateway").path("environment").path("JPROFILER_OPTS").asString())
            .as("on a bridge network the agent binds the container's own loopback")
            .contains("port=8849,address=127.0.0.1");
        assertThat(cpus(services, "gateway")).isEqualTo(2.0);
        assertThat(cpus(services, "business-service")).isEqualTo(1.0);
        assertThat(cpus(services, "auth-service")).isEqualTo(1.0);
        for (String app : APPS) {
            assertThat(services.path(app).path("deploy").path("resources").path("limits").path("memory").asString())
                .as(app)
                .isEqualTo("2g");
            assertThat(services.path(app).path("pull_policy").asString()).as(app).isEqualTo("never");
        }
        assertThat(services.path("gateway").path("environment").path("SPRING_PROFILES_ACTIVE").asString())
            .isEqualTo("reactive");
        assertThat(services.path("gateway").path("environment").path("AUTH_URL").asString())
            .isEqualTo("http://auth-service:38073");
    }

    /**
     * The JProfiler bind per compose file, as the runtime reads the files through
     * Compose: with the host-network file the agent is loaded (it binds the host's
     * loopback); with the bridge file, where the GUI could reach it only through the
     * container's address, one line points to the host-network file before anything
     * starts.
     */
    @Test
    void jprofilerRunsOnTheHostNetworkFileOnlyAndTheBridgeFileSaysWhy() {
        LaunchSpec gateway = LaunchSpec.of(Service.GATEWAY);
        Compose host = new Compose(Tools.ROOT, List.of(Tools.ROOT.resolve("docker-compose.host.yml")), Tools.compose(),
                "docker");
        assertThat(host.onHostNetwork(Service.GATEWAY)).isTrue();
        assertThat(new ComposeRuntime(dir -> null, Duration.ofSeconds(1), () -> host).withJProfiler(gateway, List::of)
            .environment()).containsEntry("PROFILER", "jprofiler");
        Compose bridge = new Compose(Tools.ROOT, List.of(Tools.ROOT.resolve("docker-compose.yml")), Tools.compose(),
                "docker");
        assertThat(bridge.onHostNetwork(Service.GATEWAY)).isFalse();
        assertThatThrownBy(() -> new ComposeRuntime(dir -> null, Duration.ofSeconds(1), () -> bridge)
            .withJProfiler(gateway, List::of))
            .isInstanceOf(LabException.class)
            .hasMessage("PROFILER=jprofiler with RUNTIME=compose needs the host-network file "
                    + "(COMPOSE_FILES=docker-compose.host.yml): on a bridge network the agent listens on the gateway "
                    + "container's own loopback, which the JProfiler GUI cannot reach");
    }

    @Test
    void theHostVariantCreatesNoNetworkAndPublishesNothing() {
        JsonNode services = resolved("docker-compose.host.yml").path("services");
        assertThat(services.properties()).isNotEmpty();
        for (var entry : services.properties()) {
            JsonNode service = entry.getValue();
            assertThat(service.path("network_mode").asString()).as(entry.getKey()).isEqualTo("host");
            assertThat(service.has("ports")).as(entry.getKey() + " publishes ports").isFalse();
            assertThat(service.has("networks")).as(entry.getKey()).isFalse();
        }
        for (String app : APPS) {
            assertThat(services.path(app).path("environment").path("SERVER_ADDRESS").asString()).as(app)
                .isEqualTo("127.0.0.1");
            assertThat(services.path(app).path("pull_policy").asString()).as(app).isEqualTo("never");
        }
        assertThat(cpus(services, "gateway")).isEqualTo(2.0);
        assertThat(services.path("gateway").path("environment").path("AUTH_URL").asString())
            .isEqualTo("http://127.0.0.1:38073");
        assertThat(services.path("gateway").path("environment").path("BUSINESS_URL").asString())
            .isEqualTo("http://127.0.0.1:38072");
        assertThat(services.path("gateway").path("environment").path("JPROFILER_OPTS").asString())
            .as("on the host's network the JProfiler agent binds loopback itself")
            .contains("port=38849,address=127.0.0.1");
    }

    @Test
    void everyAppContainerCarriesTheRunThatStartedIt() {
        for (String file : List.of("docker-compose.yml", "docker-compose.host.yml")) {
            JsonNode services = resolved(file).path("services");
            for (String app : APPS) {
                assertThat(services.path(app).path("labels").has("dev.perflab.owner")).as(file + " " + app).isTrue();
            }
        }
    }

    /** The file as Compose reads it: anchors merged, variables at their defaults. */
    private static JsonNode resolved(String file) {
        List<String> command = new ArrayList<>(Tools.compose());
        command.addAll(List.of("-f", file, "config"));
        Commands.Result result = Tools.run(command, Map.of(), 120);
        assertThat(result.exit()).as(result.output()).isZero();
        return YAML.readTree(result.output());
    }

    private static double cpus(JsonNode services, String name) {
        return Double
            .parseDouble(services.path(name).path("deploy").path("resources").path("limits").path("cpus").asString());
    }

    @Test
    void prometheusConfigsPassPromtool() {
        OptionalTools.need(Tools.works("promtool", "--version"), "promtool is missing (Debian package prometheus)");
        for (String file : List.of("profiling/prometheus/prometheus.yml", "profiling/prometheus/prometheus-host.yml")) {
            Commands.Result result = Tools.run("promtool", "check", "config", file);
            assertThat(result.exit()).as(file + ": " + result.output()).isZero();
        }
    }

    @Test
    void prometheusScrapesTheThreeAppsWhereComposePutsThem() throws Exception {
        JsonNode bridge = YAML.readTree(Tools.ROOT.resolve("profiling/prometheus/prometheus.yml").toFile())
            .path("scrape_configs")
            .get(0);
        assertThat(bridge.path("metrics_path").asString()).isEqualTo("/actuator/prometheus");
        assertThat(bridge.path("static_configs").get(0).path("targets").toString()).contains("gateway:38071")
            .contains("business-service:38072")
            .contains("auth-service:38073");
        JsonNode host = YAML.readTree(Tools.ROOT.resolve("profiling/prometheus/prometheus-host.yml").toFile())
            .path("scrape_configs")
            .get(0);
        assertThat(host.path("static_configs").get(0).path("targets").toString()).contains("127.0.0.1:38071")
            .contains("127.0.0.1:38072")
            .contains("127.0.0.1:38073");
    }

    @Test
    void theDashboardUsesTheProvisionedDatasource() throws Exception {
        File dashboards = Tools.ROOT.resolve("profiling/grafana/dashboards").toFile();
        String datasource = YAML
            .readTree(Tools.ROOT.resolve("profiling/grafana/provisioning/datasources/prometheus.yml").toFile())
            .path("datasources")
            .get(0)
            .path("uid")
            .asString();
        for (File file : dashboards.listFiles((dir, name) -> name.endsWith(".json"))) {
            JsonNode dashboard = YAML.readTree(Files.readString(file.toPath()));
            for (JsonNode panel : dashboard.path("panels")) {
                assertThat(panel.path("datasource").path("uid").asString())
                    .as(file.getName() + " " + panel.path("title"))
                    .isEqualTo(datasource);
            }
        }
    }

}
