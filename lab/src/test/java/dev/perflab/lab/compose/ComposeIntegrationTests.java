package dev.perflab.lab.compose;

import dev.perflab.lab.LabPorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.StatsLine;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.HostContainers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RUNTIME=compose for real: the images built from the jars, the host-network compose file
 * on a Docker engine, the runner's baseline, gateway-test and up/down through it, and
 * docker stats as the stats log. Needs a Docker engine and a Java base image; .ci/run
 * provides both.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ComposeIntegrationTests {

    static final String FILES = "docker-compose.host.yml";
    static final long GIB = 1L << 30;

    /** C1 only, as most integration tests: the apps start about a quarter faster. */
    static final String TEST_JVM = "-Xmx256m -XX:TieredStopAtLevel=1";

    static String baseImage;

    @TempDir
    Path results;

    /** What the last {@link #lab} run printed. */
    private String console;

    @BeforeAll
    static void imagesBuilt() {
        OptionalTools.need(Tools.works("docker", "info"),
                "no Docker engine answers docker info (see the README, The compose runtime)");
        LabPorts.requireFree(LabPorts.RUNNER);
        baseImage = Optional.ofNullable(System.getenv("PERFLAB_BASE_IMAGE"))
            .or(() -> Stream.of("perflab/jre:17", "eclipse-temurin:17-jre")
                .filter(i -> Tools.works("docker", "image", "inspect", i))
                .findFirst())
            .orElse(null);
        OptionalTools.need(baseImage != null, "no Java base image (docker/base-image.sh builds perflab/jre:17)");
        List<String> build = new ArrayList<>(Tools.compose());
        build.addAll(List.of("-p", "perflab", "-f", FILES, "build", "business-service", "auth-service", "gateway"));
        Commands.Result result = Tools.run(build, Map.of("BASE_IMAGE", baseImage), 600);
        assertThat(result.exit()).as(result.output()).isZero();
    }

    /**
     * The blocking gateway in containers, profiled: its rung is gateway-test's (the same
     * apps, load and stats log) with a profiled window after it, so the checks of the
     * containers' run (docker stats as the stats log, run.json's runtime and limits, the
     * warm-up reading each container's JVM by its pid) ride on the async-profiler run
     * rather than on runs of their own. JFR in a container is
     * {@link PairedComposeIntegrationTests}' (make compare, jcmd in both containers),
     * what JFR finds is ProfileIntegrationTests'; that baseline starts business-service
     * alone is LabRunIntegrationTests' (the rung's services are the same on every local
     * runtime).
     */
    @Test
    void blockingGatewayRunsInContainersOnTheHostNetworkOnlyWithDockerStatsAndAsyncProfilerProfilesIt()
            throws Exception {
        JsonNode async = lab("profile", "--profiler", "async", "--event", "wall", "--auth-client", "blocking");
        Path dir = results.resolve("latest").toRealPath();
        assertThat(async.path("rps").asDouble()).isPositive();
        assertThat(async.path("errors").asLong()).isZero();
        assertThat(async.path("mode").path("auth_client").asString()).as("the gateway's own report")
            .isEqualTo("blocking");
        List<StatsLine> lines = stats(dir);
        assertThat(lines).extracting(StatsLine::name).contains("gateway", "auth-service", "business-service");
        // The container's limit, not the machine's memory: these lines are docker stats',
        // not the /proc sampler's
        assertThat(lines).allSatisfy(line -> assertThat(line.memLimitBytes()).isEqualTo(2.0 * GIB));
        assertThat(Files.readString(dir.resolve("stats.log"))).contains(" NAME ").contains("CPU %");
        assertThat(async.path("cpu").path("gateway").asDouble()).isPositive();
        JsonNode info = RunFolder.JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(info.path("runtime").asString()).as("run.json's runtime, which the report's machine line prints")
            .isEqualTo("compose");
        JsonNode run = info.path("parameters");
        assertThat(run.path("runtime").asString()).isEqualTo("compose");
        assertThat(run.path("limits").path("GATEWAY_CPUS").asString()).isEqualTo("2");
        assertThat(run.path("compose_files").toString()).contains(FILES);
        assertThat(Tools.run("docker", "network", "ls", "--format", "{{.Name}}").output().lines().sorted().toList())
            .containsExactly("host", "none");
        assertThat(async.path("hotspot").asString()).contains("blocking network I/O").contains("RestTemplate");
        assertThat(results.resolve("latest/flamegraph.html")).isNotEmptyFile();
        assertThat(Files.readString(results.resolve("latest/collapsed.txt"))).contains("[reactor-http-epoll-");
        assertThat(async.path("profiler_cost").path("ratio").asDouble()).isPositive();
        // the warm-up read each container's JVM by the pid this machine sees, as locally
        assertThat(console).as("the warm-up's part line")
            .containsPattern("warm-up part 1: [0-9,]+ req/s, JIT's share of each JVM's CPU: .*gateway [0-9]+ %");
        assertThat(async.path("warmup_reason").asString()).doesNotContain("cannot be read");
        assertNoContainerLeft();
    }

    @Test
    void jprofilerWithAnImageWithoutTheAgentSaysHowToRebuildIt() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute("profile", "--profiler", "jprofiler", "--runtime", "compose", "--compose-files",
                FILES, "--root", Tools.ROOT.toString(), "--results", results.toString(), "--duration", "2s",
                "--java-opts", TEST_JVM);
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().strip()).startsWith("lab: rung gateway-reactive: gateway exited during start-up")
            .contains("this gateway image has no JProfiler agent")
            .contains("JPROFILER_VERSION");
        assertNoContainerLeft();
    }

    @Test
    void aGatewayContainerThatExitsMidRungEndsItsRungAtOnce() throws Exception {
        // halts 3 s after it is ready, as a crash or an OOM kill would end it: in the
        // warm-up or the first seconds of the one 20 s window
        List<String> args = List.of("gateway-test", "--runtime", "compose", "--compose-files", FILES, "--root",
                Tools.ROOT.toString(), "--results", results.toString(), "--duration", "20s", "--subwindow", "20s",
                "--cpu-rate", "0", "--warmup-max", "2s", "--warmup-probe", "2s", "--threads", "2", "--connections", "4",
                "--java-opts", TEST_JVM, "--gateway-java-opts", "-Dlab.fault.exit-after=3s");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        assertThat(commandLine.execute(args.toArray(String[]::new))).as(out + "\n" + err).isEqualTo(1);
        assertThat(err.toString().strip()).as(out.toString())
            .hasLineCount(1)
            .startsWith("lab: rung gateway-reactive: gateway exited (")
            .contains("while the rung ran");
        JsonNode rung = RunFolder.JSON.readTree(results.resolve("latest/summary.json").toFile()).path("rungs").get(0);
        assertThat(rung.path("skipped").asString()).startsWith("failed: gateway exited (");
        assertThat(rung.path("rps").isMissingNode()).as("nothing recorded as measured").isTrue();
        // the load stopped with the container: offered to its dead port until the
        // window's end, the progress line at 10 s would show
        assertThat(out.toString()).doesNotContain("measure 00:10 / 00:20");
        assertNoContainerLeft();
    }

    @Test
    void upAndDownStartAndStopTheContainers() {
        String up = cli(0, "up", "--runtime", "compose", "--compose-files", FILES, "--java-opts", TEST_JVM, "--results",
                results.toString());
        assertThat(up).contains("200 Hello World!").contains("401 missing token");
        assertThat(Tools.run("docker", "ps", "--format", "{{.Names}}").output()).contains("gateway", "auth-service",
                "business-service");
        String down = cli(0, "down", "--results", results.toString());
        assertThat(down).contains("stopped gateway");
        assertNoContainerLeft();
    }

    private JsonNode lab(String command, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(command, "--runtime", "compose", "--compose-files", FILES,
                "--results", results.toString(), "--duration", "4s", "--warmup-max", "2s", "--warmup-probe", "2s",
                "--threads", "2", "--connections", "4", "--java-opts", TEST_JVM));
        args.addAll(List.of(extra));
        console = cli(0, args.toArray(String[]::new));
        return RunFolder.JSON.readTree(results.resolve("latest/summary.json").toFile()).path("rungs").get(0);
    }

    private static String cli(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("--root") && !args[0].equals("down")) {
            all.addAll(List.of("--root", Tools.ROOT.toString()));
        }
        assertThat(commandLine.execute(all.toArray(String[]::new))).as(out + "\n" + err).isEqualTo(expectedExit);
        return out.toString();
    }

    private static List<StatsLine> stats(Path dir) throws Exception {
        return Files.readAllLines(dir.resolve("stats.log"))
            .stream()
            .map(StatsLine::parse)
            .flatMap(Optional::stream)
            .toList();
    }

    /**
     * No container of the lab's compose project is left, running or stopped: a stopped
     * {@code up} leaves its container, which the run must remove.
     */
    private static void assertNoContainerLeft() {
        assertThat(HostContainers.existing()).as("the lab's containers left (docker ps --all)").isEmpty();
    }

}
