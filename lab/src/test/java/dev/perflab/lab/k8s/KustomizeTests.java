package dev.perflab.lab.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.perflab.lab.compose.Tools;
import dev.perflab.lab.run.ScenarioLadder;
import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import static dev.perflab.lab.k8s.NetworkPolicies.MONITORING;
import static dev.perflab.lab.k8s.NetworkPolicies.OTHER;
import static dev.perflab.lab.k8s.NetworkPolicies.OWN;
import static dev.perflab.lab.k8s.NetworkPolicies.admits;
import static dev.perflab.lab.k8s.NetworkPolicies.podLabels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every overlay under deploy/k8s, rendered by {@code kubectl kustomize} (no cluster
 * needed) and held against docker-compose.yml and lab/scenarios.yml, so the Kubernetes
 * lab is the compose lab.
 */
class KustomizeTests {

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final Path OVERLAYS = Tools.ROOT.resolve("deploy/k8s/overlays");

    private static final List<String> APPS = List.of("business-service", "auth-service", "gateway");

    /**
     * The lab's best rung without the auth cache; the other overlays are the sweep's auth
     * clients.
     */
    private static final String BEST_RUNG = "loop-pools";

    private static final Pattern COMPOSE_DEFAULT = Pattern.compile("\\$\\{\\w+:-([^}]*)}");

    @TempDir
    static Path rendered;

    private static Map<String, Map<String, JsonNode>> overlays;

    private static JsonNode compose;

    private static ScenarioLadder ladder;

    @BeforeAll
    static void render() throws IOException {
        Kubectl.need();
        compose = YAML.readTree(Tools.ROOT.resolve("docker-compose.yml").toFile()).path("services");
        ladder = ScenarioLadder.load(Tools.ROOT.resolve("lab/scenarios.yml"));
        overlays = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(OVERLAYS)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                overlays.put(dir.getFileName().toString(), kustomize(dir));
            }
        }
    }

    /**
     * The overlay's objects by "Kind/name"; kustomize's warnings go to its stderr, the
     * YAML to a file.
     */
    private static Map<String, JsonNode> kustomize(Path overlay) throws IOException {
        Path output = rendered.resolve(overlay.getFileName() + ".yaml");
        Commands.Result result = Tools
            .run(List.of("kubectl", "kustomize", overlay.toString(), "--output", output.toString()), Map.of(), 120);
        assertThat(result.exit()).as("kubectl kustomize " + overlay + ": " + result.output()).isZero();
        Map<String, JsonNode> objects = new TreeMap<>();
        for (JsonNode object : YAML.readerFor(JsonNode.class)
            .<JsonNode>readValues(Files.readString(output))
            .readAll()) {
            objects.put(object.path("kind").asString() + "/" + object.path("metadata").path("name").asString(), object);
        }
        return objects;
    }

    @Test
    void oneOverlayPerAuthClientAndOneForTheBestRung() {
        List<String> expected = new ArrayList<>(ladder.sweep().clients());
        expected.add(BEST_RUNG);
        assertThat(overlays.keySet()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void everyOverlayRunsTheThreeAppsEachBehindAService() {
        for (var overlay : overlays.entrySet()) {
            for (String app : APPS) {
                assertThat(overlay.getValue()).as(overlay.getKey()).containsKeys("Deployment/" + app, "Service/" + app);
                assertThat(container(overlay.getValue(), app).path("image").asString()).as(overlay.getKey() + " " + app)
                    .isEqualTo(composeDefault(compose.path(app).path("image").asString()));
            }
        }
    }

    @Test
    void eachOverlaysGatewayRunsItsRungsProfiles() {
        for (var overlay : overlays.entrySet()) {
            List<String> profiles = ladder.select(List.of(overlay.getKey())).get(0).profiles();
            assertThat(env(container(overlay.getValue(), "gateway"), "SPRING_PROFILES_ACTIVE")).as(overlay.getKey())
                .isEqualTo(String.join(",", profiles));
        }
    }

    @Test
    void requestsAndLimitsAreTheComposeLimits() {
        for (var overlay : overlays.entrySet()) {
            for (String app : APPS) {
                JsonNode limits = compose.path(app).path("deploy").path("resources").path("limits");
                JsonNode resources = container(overlay.getValue(), app).path("resources");
                for (String kind : List.of("requests", "limits")) {
                    String what = overlay.getKey() + " " + app + " " + kind;
                    assertThat(kubernetesCpus(resources.path(kind).path("cpu").asString())).as(what + " cpu")
                        .isEqualTo(Double.parseDouble(composeDefault(limits.path("cpus").asString())));
                    assertThat(kubernetesBytes(resources.path(kind).path("memory").asString())).as(what + " memory")
                        .isEqualTo(composeBytes(composeDefault(limits.path("memory").asString())));
                }
            }
        }
    }

    @Test
    void theActuatorAnswersOnItsOwnPortWhichNoServiceNames() {
        for (var overlay : overlays.entrySet()) {
            for (String app : APPS) {
                String what = overlay.getKey() + " " + app;
                JsonNode container = container(overlay.getValue(), app);
                String port = composeDefault(compose.path(app).path("environment").path("SERVER_PORT").asString());
                assertThat(env(container, "SERVER_PORT")).as(what).isEqualTo(port);
                String management = env(container, "MANAGEMENT_SERVER_PORT");
                assertThat(management).as(what + " management port").isNotEqualTo(port);
                assertThat(containerPort(container, StringNode.valueOf("management"))).as(what).isEqualTo(management);
                assertThat(container.path("readinessProbe").path("httpGet").path("path").asString()).as(what)
                    .isEqualTo("/actuator/health/readiness");
                assertThat(container.path("livenessProbe").path("httpGet").path("path").asString()).as(what)
                    .isEqualTo("/actuator/health/liveness");
                for (String probe : List.of("readinessProbe", "livenessProbe", "startupProbe")) {
                    assertThat(containerPort(container, container.path(probe).path("httpGet").path("port")))
                        .as(what + " " + probe)
                        .isEqualTo(management);
                }
                JsonNode annotations = deployment(overlay.getValue(), app).path("spec")
                    .path("template")
                    .path("metadata")
                    .path("annotations");
                assertThat(annotations.path("prometheus.io/scrape").asString()).as(what).isEqualTo("true");
                assertThat(annotations.path("prometheus.io/port").asString()).as(what).isEqualTo(management);
                assertThat(annotations.path("prometheus.io/path").asString()).as(what)
                    .isEqualTo("/actuator/prometheus");
                JsonNode servicePorts = overlay.getValue().get("Service/" + app).path("spec").path("ports");
                assertThat(servicePorts).as(what + " service").hasSize(1);
                assertThat(servicePorts.get(0).path("port").asString()).as(what + " service").isEqualTo(port);
                assertThat(containerPort(container, servicePorts.get(0).path("targetPort"))).as(what + " service")
                    .isEqualTo(port);
            }
        }
    }

    /**
     * Only the gateway reaches the backends, and only a scraper in the monitoring
     * namespace the actuator: on 80e13b2 a pod labelled so in any namespace did.
     */
    @Test
    void onlyTheGatewayReachesTheBackendsAndOnlyScrapersTheActuator() {
        Map<String, String> stranger = Map.of("app.kubernetes.io/name", "client");
        Map<String, String> scraper = Map.of("app.kubernetes.io/name", "prometheus", "perflab.dev/scraper", "true");
        for (var overlay : overlays.entrySet()) {
            Map<String, JsonNode> objects = overlay.getValue();
            Map<String, String> gateway = podLabels(objects, "gateway");
            String what = overlay.getKey() + ": ";
            assertThat(admits(objects, "gateway", "http", stranger, OTHER)).as(what + "anyone reaches the gateway")
                .isTrue();
            assertThat(admits(objects, "gateway", "management", stranger, OWN))
                .as(what + "a pod reaches the gateway's actuator")
                .isFalse();
            assertThat(admits(objects, "gateway", "management", scraper, MONITORING))
                .as(what + "a scraper reaches the gateway's actuator")
                .isTrue();
            for (Map<String, String> elsewhere : List.of(OWN, OTHER)) {
                assertThat(admits(objects, "gateway", "management", scraper, elsewhere)).as(what + elsewhere).isFalse();
                assertThat(admits(objects, "auth-service", "management", scraper, elsewhere)).as(what + elsewhere)
                    .isFalse();
            }
            for (String backend : List.of("business-service", "auth-service")) {
                String to = what + backend + " ";
                assertThat(admits(objects, backend, "http", gateway, OWN)).as(to + "from the gateway").isTrue();
                assertThat(admits(objects, backend, "http", stranger, OWN)).as(to + "from another pod").isFalse();
                assertThat(admits(objects, backend, "http", scraper, OWN)).as(to + "from a scraper").isFalse();
                assertThat(admits(objects, backend, "management", scraper, MONITORING)).as(to + "actuator, scraper")
                    .isTrue();
                assertThat(admits(objects, backend, "management", gateway, OWN)).as(to + "actuator, gateway").isFalse();
            }
        }
    }

    @Test
    void theJProfilerAgentListensOnThePodsLoopbackAndNoServiceOrPortLeadsToIt() {
        for (var overlay : overlays.entrySet()) {
            JsonNode gateway = container(overlay.getValue(), "gateway");
            String options = env(gateway, "JPROFILER_OPTS");
            Matcher agentPort = Pattern.compile("port=(\\d+)").matcher(options);
            assertThat(agentPort.find()).as(options).isTrue();
            assertThat(options).as(overlay.getKey()).contains("address=127.0.0.1");
            for (var object : overlay.getValue().entrySet()) {
                if (object.getKey().startsWith("Service/")) {
                    JsonNode spec = object.getValue().path("spec");
                    assertThat(spec.path("type").asString("ClusterIP")).as(overlay.getKey() + " " + object.getKey())
                        .isEqualTo("ClusterIP");
                    for (JsonNode port : spec.path("ports")) {
                        String target = containerPort(
                                container(overlay.getValue(), object.getKey().substring("Service/".length())),
                                port.path("targetPort"));
                        assertThat(List.of(port.path("port").asString(), target))
                            .as(overlay.getKey() + " " + object.getKey())
                            .doesNotContain(agentPort.group(1));
                    }
                }
            }
            for (String app : APPS) {
                for (JsonNode port : container(overlay.getValue(), app).path("ports")) {
                    assertThat(port.path("containerPort").asString()).as(overlay.getKey() + " " + app)
                        .isNotEqualTo(agentPort.group(1));
                    assertThat(port.has("hostPort")).as(overlay.getKey() + " " + app + " hostPort").isFalse();
                }
            }
        }
    }

    static JsonNode deployment(Map<String, JsonNode> objects, String app) {
        JsonNode deployment = objects.get("Deployment/" + app);
        assertThat(deployment).as("Deployment/" + app).isNotNull();
        return deployment;
    }

    static JsonNode container(Map<String, JsonNode> objects, String app) {
        for (JsonNode container : deployment(objects, app).path("spec")
            .path("template")
            .path("spec")
            .path("containers")) {
            if (container.path("name").asString().equals(app)) {
                return container;
            }
        }
        throw new AssertionError("Deployment/" + app + " has no container named " + app);
    }

    private static String env(JsonNode container, String name) {
        for (JsonNode variable : container.path("env")) {
            if (variable.path("name").asString().equals(name)) {
                return variable.path("value").asString();
            }
        }
        throw new AssertionError(container.path("name").asString() + " does not set " + name);
    }

    /** A port as a number, a named one looked up among the container's ports. */
    static String containerPort(JsonNode container, JsonNode port) {
        if (port.isNumber()) {
            return port.asString();
        }
        for (JsonNode declared : container.path("ports")) {
            if (declared.path("name").asString().equals(port.asString())) {
                return declared.path("containerPort").asString();
            }
        }
        throw new AssertionError(container.path("name").asString() + " declares no port " + port);
    }

    /**
     * The value Compose uses when the variable in {@code ${NAME:-default}} is unset; a
     * literal as it is.
     */
    private static String composeDefault(String value) {
        Matcher matcher = COMPOSE_DEFAULT.matcher(value);
        return matcher.matches() ? matcher.group(1) : value;
    }

    /**
     * Docker's memory units: b, k, m, g (optionally with a trailing b), powers of 1024.
     */
    private static long composeBytes(String value) {
        Matcher matcher = Pattern.compile("(\\d+)([kmg]?)b?", Pattern.CASE_INSENSITIVE).matcher(value);
        assertThat(matcher.matches()).as("compose memory " + value).isTrue();
        int power = "kmg".indexOf(matcher.group(2).toLowerCase()) + 1;
        return Long.parseLong(matcher.group(1)) << (10 * power);
    }

    /**
     * A Kubernetes memory quantity in bytes: Ki, Mi, Gi (powers of 1024) or plain bytes.
     */
    private static long kubernetesBytes(String value) {
        Matcher matcher = Pattern.compile("(\\d+)(Ki|Mi|Gi)?").matcher(value);
        assertThat(matcher.matches()).as("Kubernetes memory " + value).isTrue();
        int power = matcher.group(2) == null ? 0 : List.of("Ki", "Mi", "Gi").indexOf(matcher.group(2)) + 1;
        return Long.parseLong(matcher.group(1)) << (10 * power);
    }

    /** A Kubernetes CPU quantity in CPUs: "2", "1.5" or "500m". */
    private static double kubernetesCpus(String value) {
        return value.endsWith("m") ? Double.parseDouble(value.substring(0, value.length() - 1)) / 1000
                : Double.parseDouble(value);
    }

}
