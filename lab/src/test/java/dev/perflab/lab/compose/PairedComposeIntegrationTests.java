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
 * docker-stats stats.log per pass, every gateway a profile per pass, and no container is
 * left; make pair-ladder's step is a pair of the lab's image in two containers; make
 * compare runs your gateway image as a side. Needs what {@link ComposeIntegrationTests}
 * needs (a Docker engine and a Java base image).
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
                "--duration", "2s", "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "1s", "--rate", "50",
                "--alone", "0s", "--seed", "7", "--time", "0s", "--java-opts", ComposeIntegrationTests.TEST_JVM,
                "--profiler", "async"));
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
                assertRealFigures(log, lines);
                Path flamegraph = log.resolveSibling("flamegraph.html");
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
                    // async-profiler in the gateway's container, its flame graph here
                    assertThat(flamegraph).as("PROFILER=async in the container").isNotEmptyFile();
                    assertThat(Files.readString(log.resolveSibling("collapsed.txt"))).contains("reactor");
                }
                else {
                    assertThat(flamegraph).as("nginx is no JVM").doesNotExist();
                }
            }
        }
        assertThat(HostContainers.existing()).as("the lab's containers left").isEmpty();
        assertThat(Tools.run("docker", "network", "ls", "--format", "{{.Name}}").output().lines().sorted().toList())
            .containsExactly("host", "none");
    }

    /**
     * make pair-ladder RUNTIME=compose: the rungs it cannot pair left out in one line
     * each, its one step (reactive, then 1200 us of CPU more per request from the rung's
     * own JVM options) a pair of the lab's image in two containers, with its verdict in
     * ladder.json and its pair's figures in the step's folder, each side of each pass a
     * docker-stats stats.log read from its own container, and no container left. The pair
     * path this step goes through is make compare's too; what only make compare does
     * (your image as a side, JFR) is the next test's. That the same burn is called
     * costlier and fails FAIL_ON=5% in more passes is PairedLabIntegrationTests' (the
     * same engine), the gate's line and the metric that carries a step PairStepTests' and
     * PairLadderTests'.
     */
    @Test
    void makePairLadderRunsItsStepInContainersWithAVerdictAndDockerStatsPerSidePerPass() throws Exception {
        Path ladder = Files.writeString(results.resolve("ladder.yml"), """
                rungs:
                  - name: baseline
                    target: backend
                  - name: reactive
                    profiles: [reactive]
                  - name: burn
                    profiles: [reactive, burn]
                    java_opts: -Dlab.burn.micros=1200
                    changes: 1200 us of CPU per request
                  - name: nginx
                    target: nginx
                """);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute("pair-ladder", "--runtime", "compose", "--results", results.toString(), "--root",
                Tools.ROOT.toString(), "--scenarios", ladder.toString(), "--passes", "2", "--duration", "2s",
                "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "1s", "--rate", "50", "--seed", "7",
                "--java-opts", ComposeIntegrationTests.TEST_JVM);
        assertThat(exit).as(out + "\n" + err).isZero();
        assertThat(out.toString()).contains("rung baseline left out").contains("rung nginx left out");
        Path folder = results.resolve("latest").toRealPath();
        assertThat(folder.getFileName().toString()).endsWith("-pair-ladder");
        assertThat(RunFolder.JSON.readTree(folder.resolve("run.json").toFile()).path("runtime").asString())
            .isEqualTo("compose");
        JsonNode steps = RunFolder.JSON.readTree(folder.resolve("ladder.json").toFile()).path("steps");
        assertThat(steps).as(steps.toString()).hasSize(1);
        JsonNode step = steps.get(0);
        assertThat(step.path("a").asString()).isEqualTo("reactive");
        assertThat(step.path("b").asString()).isEqualTo("burn");
        assertThat(step.path("passes_done").asInt()).isEqualTo(2);
        assertThat(step.path("verdicts").path("cpu_ms_per_request").path("verdict").asString()).as(step.toString())
            .isNotEmpty();
        Path pair = folder.resolve(step.path("folder").asString());
        assertThat(pair.resolve("compare.md")).isNotEmptyFile();
        // the rung's java_opts reached its container: the burn costs B more per request
        assertThat(RunFolder.JSON.readTree(pair.resolve("pair.json").toFile())
            .path("verdicts")
            .path("cpu_ms_per_request")
            .path("ratio")
            .asDouble()).as(step.toString()).isGreaterThan(1.0);
        assertThat(Files.readString(folder.resolve("ladder.md"))).contains("reactive → burn")
            .contains("1200 us of CPU per request");
        for (int pass = 1; pass <= 2; pass++) {
            for (String side : List.of("a", "b")) {
                Path log = pair.resolve("pass-" + pass).resolve(side).resolve("stats.log");
                List<StatsLine> lines = stats(log);
                assertRealFigures(log, lines);
                // docker stats' table, its header before each second's round, a line
                // per second from the side's container with the container's limit
                assertThat(Files.readString(log)).contains(" NAME ")
                    .contains("CPU %")
                    .contains("NET I/O")
                    .contains("BLOCK I/O")
                    .contains("PIDS");
                assertThat(lines).as(log.toString()).allSatisfy(line -> {
                    assertThat(line.name()).startsWith("perflab-gateway-");
                    assertThat(line.memLimitBytes()).isEqualTo(2.0 * ComposeIntegrationTests.GIB);
                });
            }
        }
        assertThat(HostContainers.existing()).as("the lab's containers left").isEmpty();
        assertThat(Tools.run("docker", "network", "ls", "--format", "{{.Name}}").output().lines().sorted().toList())
            .containsExactly("host", "none");
    }

    /**
     * make compare A_GATEWAY=reactive B_GATEWAY=image GATEWAY_IMAGE=...: your image as a
     * side (here the lab's gateway image under another name, started as a foreign one),
     * JFR on both gateways in their containers; the pair's verdict and stats.log in every
     * pass are asserted on make pair-ladder's step, the same pair path.
     */
    @Test
    void makeCompareRunsYourImageAsASideWithJfrInBothContainers() throws Exception {
        String image = "perflab-test/own-gateway:" + ProcessHandle.current().pid();
        assertThat(Tools.works("docker", "tag", "perflab/gateway:local", image)).isTrue();
        try {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            var commandLine = LabCommand.commandLine();
            commandLine.setOut(new PrintWriter(out, true));
            commandLine.setErr(new PrintWriter(err, true));
            int exit = commandLine.execute("pair", "--runtime", "compose", "--results", results.toString(), "--root",
                    Tools.ROOT.toString(), "--a-gateway", "reactive", "--b-gateway", "image", "--gateway-image", image,
                    // the lab's image refuses Spring's default profile, which a foreign
                    // gateway is started with
                    "--b-java-opts", "-Dspring.profiles.active=reactive", "--passes", "2", "--duration", "2s",
                    "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "1s", "--rate", "50", "--seed", "7",
                    "--java-opts", ComposeIntegrationTests.TEST_JVM, "--profiler", "jfr");
            assertThat(exit).as(out + "\n" + err).isZero();
            Path folder = results.resolve("latest").toRealPath();
            JsonNode pair = RunFolder.JSON.readTree(folder.resolve("pair.json").toFile());
            assertThat(pair.path("b").path("image").asString()).isEqualTo(image);
            assertThat(pair.path("b").path("foreign").asBoolean()).isTrue();
            for (String side : List.of("a", "b")) {
                Path dir = folder.resolve("pass-1").resolve(side);
                assertThat(dir.resolve("recording.jfr")).as("JFR by jcmd in the container").isNotEmptyFile();
                assertThat(dir.resolve("flamegraph.html")).isNotEmptyFile();
                assertRealFigures(dir.resolve("stats.log"), stats(dir.resolve("stats.log")));
            }
            assertThat(HostContainers.existing()).as("the lab's containers left").isEmpty();
        }
        finally {
            Tools.run("docker", "rmi", image);
        }
    }

    /**
     * CPU, memory and PIDs read on every side, in a container and from /proc; NET I/O,
     * which no interface counts for a side on the host's network, from the side's own
     * sockets, with the line saying so.
     */
    private static void assertRealFigures(Path log, List<StatsLine> lines) throws Exception {
        assertThat(Files.readAllLines(log).get(0)).as(log.toString()).isEqualTo(StatsLine.NET_NOTE);
        assertThat(lines).as(log.toString()).isNotEmpty().allSatisfy(line -> {
            assertThat(line.memBytes()).isPositive();
            assertThat(line.pids()).isPositive();
        });
        assertThat(lines).as(log + ": the side worked").anySatisfy(line -> assertThat(line.cpuPercent()).isPositive());
        // the load's requests in, the answers out, and the calls to the backends: at
        // least 50 requests (the load sends 50 a second for several seconds), each at
        // least its request line, and as many answers, each at least its status line (a
        // side reads fewer requests
        // than it was sent in its windows: its log is up to a second old, and a
        // connection that closes between two readings loses what it carried since the
        // last)
        StatsLine last = lines.get(lines.size() - 1);
        assertThat(last.netInBytes()).as(log + ": NET I/O in").isGreaterThan(50 * "GET / HTTP/1.1\r\n".length());
        assertThat(last.netOutBytes()).as(log + ": NET I/O out").isGreaterThan(50 * "HTTP/1.1 200 OK\r\n".length());
    }

    private static List<StatsLine> stats(Path log) throws Exception {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.map(StatsLine::parse).flatMap(Optional::stream).toList();
        }
    }

}
