package dev.perflab.lab.profile;

import dev.perflab.lab.LabPorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * make profile with async-profiler and JFR on the real gateway: the summary names what
 * the event loop does.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ProfileIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    @TempDir
    Path results;

    @BeforeAll
    static void portsFree() {
        LabPorts.requireFree(LabPorts.RUNNER);
    }

    @Test
    void blockingClientIsNamedAsTheEventLoopsTopCostInWallClockTime() throws Exception {
        JsonNode rung = profile("async", "blocking", "wall", "log-quiet,rid-fast");
        assertThat(rung.path("profiler").asString()).isEqualTo("async");
        // the cost compares the profiled window, as its own wrk run reported it, with the
        // unprofiled one
        JsonNode cost = rung.path("profiler_cost");
        double profiledRps = wrkRequestsPerSecond(results.resolve("latest").toRealPath().resolve("wrk-profiled.txt"));
        assertThat(cost.path("rps_with").asDouble()).isCloseTo(profiledRps, within(0.06));
        assertThat(cost.path("rps_with").asDouble()).isPositive();
        assertThat(cost.path("ratio").asDouble())
            .isCloseTo(cost.path("rps_with").asDouble() / cost.path("rps_without").asDouble(), within(0.001));
        assertThat(rung.path("hotspot").asString()).startsWith("event loop spends")
            .contains("blocking network I/O")
            .contains("RestTemplate.postForEntity");
        Path dir = results.resolve("latest").toRealPath();
        assertThat(Files.readString(dir.resolve("hotspots.md"))).contains("| blocking network I/O |");
        assertThat(Files.readString(dir.resolve("collapsed.txt"))).contains("[reactor-http-");
        assertThat(dir.resolve("flamegraph.html")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("report.md"))).contains("## Hotspots")
            .contains(rung.path("hotspot").asString());
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2>Hotspots</h2>");
        assertThat(Files.readString(dir.resolve("report.md"))).contains("profiler cost: req/s with / without");
        assertThat(dir.resolve("wrk-profiled.txt")).isNotEmptyFile();
    }

    @Test
    void jfrCountsSocketReadsOnTheEventLoopForTheBlockingClient() throws Exception {
        JsonNode rung = profile("jfr", "blocking", "cpu", "log-quiet,rid-fast");
        Path dir = results.resolve("latest").toRealPath();
        assertThat(rung.path("profiler").asString()).isEqualTo("jfr");
        assertThat(rung.path("profile_evidence").path("event_loop_socket_reads").asLong()).isGreaterThan(100);
        assertThat(rung.path("profile_evidence").path("event_loop_socket_read_ms").asDouble()).isPositive();
        assertThat(dir.resolve("recording.jfr")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("jfr-summary.md"))).contains("socket reads on event-loop threads")
            .contains("RestTemplate")
            .contains("| reactor-http-epoll-N |");
        assertThat(Files.readString(dir.resolve("collapsed.txt"))).contains("[reactor-http-epoll-");
        assertThat(Files.readString(dir.resolve("flamegraph.html"))).contains("reactor-http-epoll");
        assertThat(rung.path("hotspot").asString()).contains("blocking network I/O");
    }

    @Test
    void jfrSeesNoSocketReadOnTheEventLoopForTheReactiveClient() throws Exception {
        JsonNode rung = profile("jfr", "reactive", "cpu", "log-quiet,rid-fast");
        assertThat(rung.path("profile_evidence").path("event_loop_socket_reads").asLong(-1)).isZero();
        assertThat(Files.readString(results.resolve("latest/jfr-summary.md")))
            .contains("No socket reads on event-loop threads");
    }

    @Test
    void reactiveClientSpendsAlmostNothingInBlockingIo() throws Exception {
        JsonNode rung = profile("async", "reactive", "wall", "log-quiet,rid-fast");
        // the event loop was sampled (shares of its samples add up to one), and blocking
        // I/O, absent or not, took under 5 % of them
        JsonNode shares = rung.path("hotspot_shares");
        assertThat(shares.isObject() && !shares.isEmpty()).as("hotspot_shares in " + rung).isTrue();
        assertThat(shares.valueStream().mapToDouble(JsonNode::asDouble).sum()).isCloseTo(1.0, within(0.01));
        assertThat(rung.path("hotspot").asString()).startsWith("event loop spends");
        assertThat(shares.path("blocking network I/O").asDouble(0)).isLessThan(0.05);
    }

    @Test
    void synchronousLoggingShowsUpOnTheEventLoop() throws Exception {
        JsonNode rung = profile("async", "reactive", "cpu", "log-sync");
        assertThat(rung.path("hotspot_shares").path("logging").asDouble(0)).isGreaterThan(0.01);
    }

    @Test
    void jprofilerWithoutTheAgentIsOneLineBeforeAnythingStarts() throws Exception {
        Path ownResults = results.resolve("jprofiler-results");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabCommand.class.getName(), "profile", "--profiler",
                "jprofiler", "--root", ROOT, "--results", ownResults.toString());
        builder.environment().remove("JPROFILER_HOME");
        builder.environment().remove("JPROFILER_AGENT");
        Process lab = builder.redirectErrorStream(true).start();
        String output = new String(lab.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(lab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(lab.exitValue()).isEqualTo(1);
        assertThat(output.strip())
            .startsWith("lab: PROFILER=jprofiler needs the JProfiler agent, and JPROFILER_HOME is not set")
            .doesNotContain("\n")
            .doesNotContain("Exception");
        assertThat(ownResults).doesNotExist();
    }

    /** The "Requests/sec:" line of wrk's own output. */
    private static double wrkRequestsPerSecond(Path wrkOutput) throws java.io.IOException {
        return Files.readAllLines(wrkOutput)
            .stream()
            .filter(line -> line.strip().startsWith("Requests/sec:"))
            .mapToDouble(line -> Double.parseDouble(line.strip().substring("Requests/sec:".length()).strip()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no Requests/sec in " + wrkOutput));
    }

    /**
     * Each profile's apps run C1 only, as most integration tests do: they start about a
     * quarter faster, with the same frames on the event loop for the profilers to name.
     * Its windows, unprofiled and profiled, last 3 s each, not 5 s: what the tests read
     * (which cost leads the event loop, shares, a count of socket reads above 100) is
     * there in the shorter window too; none of them reads how long a window was. The
     * warm-up is one 2 s probe: the profilers sample the event-loop threads, whose frames
     * are the same while the JIT's compiler threads still work (C1 only).
     */
    private JsonNode profile(String profiler, String client, String event, String profiles) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        List<String> args = new ArrayList<>(List.of("profile", "--profiler", profiler, "--root", ROOT, "--results",
                results.toString(), "--auth-client", client, "--event", event, "--profiles", profiles, "--duration",
                "3s", "--warmup-max", "2s", "--warmup-probe", "2s", "--threads", "2", "--connections", "4",
                "--java-opts", "-Xmx256m -XX:TieredStopAtLevel=1"));
        assertThat(commandLine.execute(args.toArray(String[]::new))).as(err.toString()).isZero();
        assertThat(out.toString()).contains("profile: event loop spends");
        return RunFolder.JSON.readTree(results.resolve("latest/summary.json").toFile()).path("rungs").get(0);
    }

}
