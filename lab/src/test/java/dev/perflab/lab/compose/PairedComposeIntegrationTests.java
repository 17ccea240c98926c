package dev.perflab.lab.compose;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.StatsLine;
import dev.perflab.lab.system.HostContainers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paired make lab on RUNTIME=compose for real: the backends and both gateway rungs as
 * containers of the lab's images on the host's network, each on a port of its own, nginx
 * beside them on this machine; every step gets its paired verdict, every side a
 * docker-stats stats.log per pass, and no container is left. Needs what
 * {@link ComposeIntegrationTests} needs (a Docker engine and a Java base image).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class PairedComposeIntegrationTests {

    @TempDir
    Path results;

    @BeforeAll
    static void imagesBuilt() {
        ComposeIntegrationTests.imagesBuilt();
    }

    @Test
    void aPairedLadderRunsInContainersWithAVerdictAndDockerStatsPerSidePerPass() throws Exception {
        Path ladder = Files.writeString(results.resolve("ladder.yml"), """
                rungs:
                  - name: reactive
                    profiles: [reactive]
                  - name: quiet
                    profiles: [reactive, log-quiet]
                  - name: nginx
                    target: nginx
                """);
        List<String> args = new ArrayList<>(List.of("paired-lab", "--runtime", "compose", "--results",
                results.toString(), "--root", Tools.ROOT.toString(), "--scenarios", ladder.toString(), "--passes", "2",
                "--duration", "4s", "--subwindow", "2s", "--warmup", "4s", "--warmup-probe", "2s", "--rate", "50",
                "--alone", "0s", "--seed", "7", "--time", "0s", "--java-opts", ComposeIntegrationTests.TEST_JVM));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        assertThat(commandLine.execute(args.toArray(String[]::new))).as(out + "\n" + err).isZero();
        Path folder = results.resolve("latest").toRealPath();
        JsonNode lab = RunFolder.JSON.readTree(folder.resolve("lab.json").toFile());
        assertThat(lab.path("passes_done").asInt()).isEqualTo(2);
        JsonNode step = lab.path("steps").get(0);
        assertThat(step.path("verdicts").path("cpu_ms_per_request").path("verdict").asString()).as(step.toString())
            .isNotEmpty();
        assertThat(lab.path("against_nginx").get(0).path("ratios").path("cpu_ms_per_request").path("low").asDouble())
            .isPositive();
        assertThat(RunFolder.JSON.readTree(folder.resolve("run.json").toFile()).path("runtime").asString())
            .isEqualTo("compose");
        for (int pass = 1; pass <= 2; pass++) {
            for (String side : List.of("reactive", "quiet", "nginx")) {
                Path log = folder.resolve("pass-" + pass).resolve(side).resolve("stats.log");
                List<StatsLine> lines = stats(log);
                assertThat(lines).as(log.toString()).isNotEmpty();
                if (!side.equals("nginx")) {
                    // docker stats' table, its header before each second's round
                    assertThat(Files.readString(log)).contains(" NAME ")
                        .contains("CPU %")
                        .contains("NET I/O")
                        .contains("BLOCK I/O")
                        .contains("PIDS");
                    // the container's limit, not the machine's memory: docker stats'
                    // lines
                    assertThat(lines).allSatisfy(
                            line -> assertThat(line.memLimitBytes()).isEqualTo(2.0 * ComposeIntegrationTests.GIB));
                }
            }
        }
        assertThat(HostContainers.existing()).as("the lab's containers left").isEmpty();
        assertThat(Tools.run("docker", "network", "ls", "--format", "{{.Name}}").output().lines().sorted().toList())
            .containsExactly("host", "none");
    }

    private static List<StatsLine> stats(Path log) throws Exception {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.map(StatsLine::parse).flatMap(Optional::stream).toList();
        }
    }

}
