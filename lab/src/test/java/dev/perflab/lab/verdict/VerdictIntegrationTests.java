package dev.perflab.lab.verdict;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.ServiceLauncher;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The noise floor on the real apps with short windows: a step as large as blocking against reactive
 * is called slower, and the same rung run twice is no difference beyond noise, also through the
 * FAIL_ON gate of compare.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class VerdictIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize().toString();
    private static final List<String> SHORT = List.of("--duration", "6s", "--subwindow", "2s", "--warmup-max", "4s", "--warmup-probe", "2s",
            "--threads", "2", "--connections", "10", "--java-opts", "-Xmx256m -XX:TieredStopAtLevel=1");

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void portsFree() {
        assumeTrue(List.of(38071, 38072, 38073).stream().allMatch(ServiceLauncher::portFree), "ports 38071-38073 are busy (is a lab up? make down)");
    }

    private int run(String command, String... args) {
        List<String> full = new ArrayList<>(List.of(command, "--results", results.toString(), "--root", ROOT));
        List<String> given = List.of(args);
        // an option given here replaces the short run's value of it (picocli takes each option once)
        for (int i = 0; i < SHORT.size(); i += 2) {
            if (!given.contains(SHORT.get(i))) {
                full.addAll(SHORT.subList(i, i + 2));
            }
        }
        full.addAll(given);
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(full.toArray(String[]::new));
    }

    private Path latest() throws IOException {
        return results.resolve("latest").toRealPath();
    }

    @Test
    void blockingAfterReactiveIsSlowerWithAnInterval() throws IOException {
        // at 100 ms per auth call both rungs wait rather than compute, so a busy machine moves them little: the blocking
        // gateway holds an event loop for each call, about 4 / 100 ms = 40 req/s; reactive serves its 10 connections, about 100 req/s
        Path ladder = Files.writeString(results.resolve("steps.yml"), "rungs:\n"
                + "  - name: reactive\n    profiles: [reactive]\n    auth_latency: 100ms\n"
                + "  - name: blocking\n    profiles: [blocking]\n    auth_latency: 100ms\n");
        assertThat(run("lab", "--scenarios", ladder.toString(), "--duration", "8s")).as(err.toString()).isZero();
        JsonNode rungs = RunFolder.JSON.readTree(latest().resolve("summary.json").toFile()).path("rungs");
        JsonNode reactive = rungs.get(0);
        JsonNode blocking = rungs.get(1);
        assertThat(reactive.has("verdict")).as("the first rung has nothing before it").isFalse();
        assertThat(blocking.path("windows").size()).isEqualTo(4);
        assertThat(blocking.path("intervals").path("covers").asString()).startsWith("within one run only: 4 sub-windows");
        assertThat(blocking.path("intervals").path("rps").path("n").asInt()).isEqualTo(4);
        assertThat(blocking.path("intervals").path("cpu_ms_per_request").has("gateway")).isTrue();
        JsonNode step = blocking.path("verdict");
        assertThat(step.path("against").asString()).isEqualTo("reactive");
        assertThat(step.path("rps").path("verdict").asString()).as(step.toString()).isEqualTo("slower");
        assertThat(step.path("rps").path("high").asDouble()).isLessThan(1.0);
        assertThat(step.path("proxy_cpu_ms_per_request").path("ratio").asDouble()).isPositive();
        assertThat(out.toString()).contains("Expected duration: 2 rungs x 1 pass");
    }

    @Test
    void theSameRungTwiceIsNoDifferenceAndPassesTheGate() throws IOException {
        assertThat(run("gateway-test", "--auth-client", "reactive", "--repeat", "2")).as(err.toString()).isZero();
        Path a = latest();
        assertThat(run("gateway-test", "--auth-client", "reactive", "--repeat", "2")).as(err.toString()).isZero();
        Path b = latest();
        JsonNode rung = RunFolder.JSON.readTree(b.resolve("summary.json").toFile()).path("rungs").get(0);
        assertThat(rung.path("rps_runs").size()).as("one req/s per pass").isEqualTo(2);
        assertThat(rung.path("intervals").path("covers").asString()).startsWith("between 2 passes");
        assertThat(b.resolve("pass-2").resolve("wrk.json")).isNotEmptyFile();

        CommandLine line = LabCommand.commandLine();
        StringWriter compared = new StringWriter();
        line.setOut(new PrintWriter(compared, true));
        line.setErr(new PrintWriter(err, true));
        int exit = line.execute("compare", "--a", a.toString(), "--b", b.toString(), "--fail-on", "5%");
        assertThat(exit).as(compared + err.toString()).isZero();
        assertThat(compared.toString()).contains("no difference beyond noise");
        assertThat(Files.readString(b.resolve("compare.md"))).contains("| gateway-reactive |").contains("no difference beyond noise")
            .contains("passed: no rung is significantly slower by more than 5%");
        assertThat(b.resolve("compare.html")).isNotEmptyFile();
    }
}
