package dev.perflab.lab.owngateway;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabPorts;
import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.Ports;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user's own gateway (GATEWAY_JAR) in place of the lab's: examples/own-gateway, a
 * plain Spring Cloud Gateway without actuator, routing /api/hello to business-service,
 * run by the real runner with real wrk; and each bad configuration as one line and a
 * failed exit.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OwnGatewayIntegrationTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final Path EXAMPLE = ROOT.resolve("examples/own-gateway/target/own-gateway.jar");

    private static final String[] SHORT = { "--duration", "3s", "--warmup-max", "1s", "--warmup-probe", "1s",
            "--threads", "2", "--connections", "4", "--java-opts", "-Xmx256m -XX:TieredStopAtLevel=1" };

    @TempDir
    static Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void built() {
        assertThat(EXAMPLE).as("the example gateway is built by the reactor (./mvnw -DskipTests package)")
            .isRegularFile();
    }

    @Test
    void gatewayTestDrivesTheUsersGatewayAndSaysWhichRan() throws IOException {
        LabPorts.requireFree(LabPorts.RUNNER);
        assertThat(run("gateway-test", "--gateway-jar", EXAMPLE.toString(), "--route", "/api/hello")).as(err.toString())
            .isZero();
        Path run = results.resolve("latest").toRealPath();

        JsonNode summary = RunFolder.JSON.readTree(run.resolve("summary.json").toFile());
        JsonNode gateway = summary.path("gateway");
        assertThat(gateway.path("foreign").asBoolean()).isTrue();
        assertThat(gateway.path("jar").asString()).isEqualTo("own-gateway.jar");
        assertThat(gateway.path("spring_boot").asString()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(gateway.path("spring_cloud_gateway").asString()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(gateway.path("mode").asString()).isEqualTo("unknown");
        JsonNode rung = summary.path("rungs").get(0);
        assertThat(rung.path("name").asString()).isEqualTo("own-gateway");
        assertThat(rung.path("rps").asDouble()).isPositive();
        assertThat(rung.path("errors").asLong()).isZero();
        assertThat(rung.has("mode")).as("no mode guessed for a gateway the lab cannot read").isFalse();
        assertThat(rung.path("cpu").has("gateway")).as("its CPU is sampled like the lab's gateway's").isTrue();

        JsonNode info = RunFolder.JSON.readTree(run.resolve("run.json").toFile());
        assertThat(info.path("gateway")).isEqualTo(gateway);
        assertThat(info.path("parameters").path("route").asString()).isEqualTo("/api/hello");
        assertThat(info.path("parameters").path("token_header").asString()).as("the header's name, never its value")
            .isEqualTo("Authorization");
        assertThat(Files.readString(run.resolve("report.md")))
            .contains("a foreign gateway ran: own-gateway.jar (Spring Boot " + gateway.path("spring_boot").asString())
            .contains("unknown (a foreign gateway)");
        assertThat(LabPorts.held(LabPorts.RUNNER)).as("every process of the run was stopped").isEmpty();
    }

    @Test
    void aRouteTheGatewayDoesNotRouteIsOneLineAndAFailedExit() {
        LabPorts.requireFree(LabPorts.RUNNER);
        assertThat(run("gateway-test", "--gateway-jar", EXAMPLE.toString(), "--route", "/service/hello")).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .contains(
                    "the gateway does not route /service/hello to the backend (GET http://127.0.0.1:38071/service/hello -> status 404");
        assertThat(LabPorts.RUNNER).allMatch(Ports::free);
    }

    @Test
    void aMissingJarANonBootJarAndANonJarAreOneLineBeforeAnythingStarts() throws IOException {
        assertThat(run("gateway-test", "--gateway-jar", "no/such/app.jar")).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .startsWith("lab: GATEWAY_JAR=")
            .endsWith("app.jar: no such file");

        Path plain = Files.list(ROOT.resolve("lab-common/target"))
            .filter(p -> p.toString().endsWith(".jar"))
            .findFirst()
            .orElseThrow();
        err.getBuffer().setLength(0);
        assertThat(run("gateway-test", "--gateway-jar", plain.toString())).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .contains("is not a Spring Boot executable jar (its manifest has no Start-Class)");

        Path text = results.resolve("notes.jar");
        Files.writeString(text, "not a zip");
        err.getBuffer().setLength(0);
        assertThat(run("gateway-test", "--gateway-jar", text.toString())).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1).first().asString().contains("notes.jar is not a jar");
        assertThat(out.toString()).doesNotContain("Results:");
    }

    @Test
    void aBadRouteOrHeaderIsOneLine() {
        assertThat(run("gateway-test", "--route", "api/hello")).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .contains("ROUTE must be a path starting with /");
        err.getBuffer().setLength(0);
        assertThat(run("gateway-test", "--token-header", "Bearer lab-token")).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1).first().asString().contains("TOKEN_HEADER must be 'Name: value'");
        err.getBuffer().setLength(0);
        assertThat(run("sweep", "--gateway-jar", EXAMPLE.toString())).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .contains("make sweep compares the lab gateway's auth clients");
    }

    private int run(String... args) {
        List<String> full = new ArrayList<>(List.of(args[0]));
        full.addAll(List.of("--results", results.toString(), "--root", ROOT.toString()));
        full.addAll(List.of(SHORT));
        full.addAll(List.of(args).subList(1, args.length));
        CommandLine commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(full.toArray(String[]::new));
    }

}
