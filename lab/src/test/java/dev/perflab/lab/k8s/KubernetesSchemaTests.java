package dev.perflab.lab.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.compose.Tools;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.LockedPip;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The base, the load agents and every overlay under deploy/k8s, rendered by
 * {@code kubectl kustomize}, checked against the Kubernetes API's own schemas by
 * kubernetes-validate (PyPI; the schemas of Kubernetes 1.5 to 1.37 are in its wheel, so
 * no cluster and no download site is needed). {@code --strict}: a field the API does not
 * know fails, as {@code kubectl apply --validate=strict} would on a cluster. Installed on
 * first use into the git-ignored {@code tools/} from a lock pinned by version and hash,
 * as the lab installs Apache Otava (about 4 s and 144 MB here).
 */
class KubernetesSchemaTests {

    static final String VERSION = "1.37.0";

    /**
     * kubernetes-validate and its dependencies, pinned by version and by the hashes of
     * their wheels; in lab/src/test/resources/k8s, after a new {@link #VERSION}:
     *
     * <pre>
     * python3 -m venv /tmp/lock &amp;&amp; /tmp/lock/bin/pip install uv
     * echo kubernetes-validate==VERSION &gt; kubernetes-validate.in
     * /tmp/lock/bin/uv pip compile kubernetes-validate.in --universal --python-version 3.10 \
     *     --generate-hashes --only-binary :all: -o kubernetes-validate-requirements.txt
     * rm kubernetes-validate.in; rm -r /tmp/lock
     * </pre>
     */
    static final String LOCK = "k8s/kubernetes-validate-requirements.txt";

    /**
     * The Kubernetes releases the manifests are held to: this machine's kubectl (1.32)
     * and the newest the validator knows.
     */
    static final List<String> KUBERNETES = List.of("1.32.0", "1.37.0");

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final Path K8S = Tools.ROOT.resolve("deploy/k8s");

    @TempDir
    static Path rendered;

    private static Path validator;

    /** Each rendered file by its kustomization's folder (base, overlays/...). */
    private static Map<String, Path> files;

    @BeforeAll
    static void renderAndInstall() throws IOException {
        Kubectl.need();
        files = new LinkedHashMap<>();
        List<Path> kustomizations = new ArrayList<>(List.of(K8S.resolve("base"), K8S.resolve("load")));
        try (Stream<Path> dirs = Files.list(K8S.resolve("overlays"))) {
            kustomizations.addAll(dirs.filter(Files::isDirectory).sorted().toList());
        }
        for (Path dir : kustomizations) {
            String name = K8S.relativize(dir).toString();
            Path output = rendered.resolve(name.replace('/', '-') + ".yaml");
            Commands.Result result = Tools
                .run(List.of("kubectl", "kustomize", dir.toString(), "--output", output.toString()), Map.of(), 120);
            assertThat(result.ok()).as("kubectl kustomize " + name + ": " + result.output()).isTrue();
            files.put(name, output);
        }
        validator = install();
    }

    private static Path install() throws IOException {
        Path venv = Tools.ROOT.resolve("tools").resolve("kubernetes-validate-" + VERSION);
        Path command = venv.resolve("bin").resolve("kubernetes-validate");
        Path marker = venv.resolve(".installed");
        if (Files.isRegularFile(marker) && Files.isExecutable(command)) {
            return command;
        }
        Commands.Result created = Commands.run(List.of("python3", "-m", "venv", "--clear", venv.toString()), null,
                Map.of(), Duration.ofMinutes(2));
        OptionalTools.need(created.ok(), "python3 -m venv failed (" + created.lastLine()
                + "): kubernetes-validate installs into a virtual environment; Debian/Ubuntu: apt-get install python3-venv");
        LockedPip.install(venv, LOCK, Duration.ofMinutes(5), "pip install kubernetes-validate==" + VERSION);
        Files.writeString(marker, "kubernetes-validate==" + VERSION + "\n");
        return command;
    }

    @Test
    void everyResourceOfTheBaseAndEachOverlayIsValidForEachKubernetesRelease() throws IOException {
        assertThat(files).containsKeys("base", "load", "overlays/blocking", "overlays/reactive");
        for (var file : files.entrySet()) {
            int resources = documents(file.getValue()).size();
            // the apps' three Services, Deployments and two NetworkPolicies; the load
            // agents' Job
            assertThat(resources).as(file.getKey()).isGreaterThanOrEqualTo(file.getKey().equals("load") ? 1 : 8);
            for (String release : KUBERNETES) {
                Commands.Result result = validate(file.getValue(), release);
                String what = file.getKey() + " against Kubernetes " + release + ":\n" + result.output();
                assertThat(result.exit()).as(what).isZero();
                // A kind without a schema is only a warning (exit 0): every resource must
                // have passed.
                assertThat(result.output().lines().filter(line -> line.contains(" passed for resource "))).as(what)
                    .hasSize(resources);
            }
        }
    }

    @Test
    void aFieldTheApiDoesNotKnowAndAValueOfTheWrongTypeAreRefused() throws IOException {
        Path reactive = files.get("overlays/reactive");
        List<JsonNode> resources = documents(reactive);
        StringBuilder broken = new StringBuilder();
        for (JsonNode resource : resources) {
            if (resource.path("kind").asString().equals("Deployment")
                    && resource.path("metadata").path("name").asString().equals("gateway")) {
                ObjectNode container = (ObjectNode) resource.path("spec")
                    .path("template")
                    .path("spec")
                    .path("containers")
                    .get(0);
                container.put("memoryLimit", "1Gi");
                ((ObjectNode) resource.path("spec")).put("replicas", "one");
            }
            broken.append("---\n").append(YAML.writeValueAsString(resource));
        }
        Path file = rendered.resolve("broken.yaml");
        Files.writeString(file, broken);
        for (String release : KUBERNETES) {
            Commands.Result result = validate(file, release);
            assertThat(result.exit()).as(result.output()).isNotZero();
            assertThat(result.output().lines().filter(line -> line.startsWith("ERROR")).toList()).as(result.output())
                .singleElement()
                .asString()
                .contains("deployment/gateway")
                .containsAnyOf("memoryLimit", "'one'");
        }
        // The same resources before the change pass: it is the change that is refused.
        assertThat(validate(reactive, KUBERNETES.get(0)).exit()).isZero();
    }

    private static Commands.Result validate(Path file, String release) {
        return Tools.run(List.of(validator.toString(), "--strict", "--kubernetes-version", release, file.toString()),
                Map.of(), 120);
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            while (it.hasNext()) {
                JsonNode document = it.next();
                if (document != null && !document.isMissingNode() && !document.isNull()) {
                    documents.add(document);
                }
            }
        }
        return documents;
    }

}
