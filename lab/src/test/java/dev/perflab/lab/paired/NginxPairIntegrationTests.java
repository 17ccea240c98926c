package dev.perflab.lab.paired;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.StatsLog;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * nginx as a side of a paired comparison, in the closed loop, on the real apps: the lab's
 * gateway and nginx each keep their requests in flight in the same seconds, nginx's CPU
 * is read over its master and workers, and the verdicts leave out bytes, which only a JVM
 * counts. The same run carries PROFILER and SLO on make compare: async-profiler attached
 * to the gateway side in its measured windows leaves a flame graph per pass in the side's
 * folder, named in compare.md, nginx (no JVM) none; an objective no side can hold is a ✗
 * line per side and exit code 3, as on the sequential targets. (Each gateway of a lineup
 * profiled alike, nginx never, is LineupProfilingTests'; SLO's heading and lines at a
 * rate, SloCheckTests'.)
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class NginxPairIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @Test
    void nginxAndTheGatewayInTheClosedLoopAtTheSameTimeTheGatewayProfiledAndABrokenSloExitsWithThree()
            throws IOException {
        int code = execute("pair", "--results", results.toString(), "--root", ROOT, "--a-gateway", "nginx",
                "--b-gateway", "reactive,log-quiet", "--closed-loop", "yes", "--passes", "2", "--duration", "4s",
                "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "2s", "--java-opts",
                "-Xms256m -Xmx256m -XX:TieredStopAtLevel=1", "--seed", "7", "--profiler", "async", "--slo",
                "p99:0.01ms");
        if (!OptionalTools.installed("nginx")) {
            assertThat(code).isOne();
            assertThat(err.toString()).startsWith("A_GATEWAY=nginx needs nginx: ");
            return;
        }
        assertThat(code).as(out + err.toString()).isEqualTo(3);
        assertThat(out.toString()).contains("A: nginx (nginx/auth-request.conf)")
            .contains("Load: closed loop: 10 requests in flight for each side at the same time")
            .contains("PROFILER=async: every gateway side profiled in its measured windows")
            .contains("SLO p99:0.01ms: p99 at most 0.01 ms in every measured window, at most")
            .contains("✗ A (nginx): p99 ")
            .contains("✗ B (reactive,log-quiet): p99 ");
        Path run = results.resolve("latest").toRealPath();
        JsonNode pair = RunFolder.JSON.readTree(run.resolve("pair.json").toFile());
        assertThat(pair.path("rate_per_side").asString()).isEqualTo("closed loop");
        assertThat(pair.path("a").path("nginx").asString()).endsWith("lab/nginx/auth-request.conf");
        assertThat(pair.path("passes_done").asInt()).isEqualTo(2);
        for (JsonNode pass : pair.path("pass_results")) {
            long a = pass.path("a").path("requests").asLong();
            long b = pass.path("b").path("requests").asLong();
            // round-robin in the closed loop: the slower side holds the workers as long
            // as
            // the faster, so both answer the same number of requests
            assertThat(a).as(pass.toString()).isGreaterThan(100);
            assertThat((double) Math.abs(a - b)).as(a + " and " + b).isLessThanOrEqualTo(0.01 * a + 20);
            assertThat(pass.path("a").path("errors").asLong()).isZero();
            assertThat(pass.path("a").path("cpu_ms_per_request").asDouble()).as("nginx's workers used CPU")
                .isPositive();
            assertThat(pass.path("a").has("allocated_bytes")).as("nginx allocates outside any JVM counter").isFalse();
            assertThat(pass.path("b").path("bytes_per_request").asDouble()).isGreaterThan(1_000);
            assertThat(pass.path("a").path("p50_ms").asDouble()).isPositive();
            // CPU read in nanoseconds thread by thread (nginx: its master and workers)
            // is what the clock ticks of /proc/<pid>/stat read, to their rounding: at
            // most a tick at each end of each window for each process
            for (String side : List.of("a", "b")) {
                double ns = pass.path(side).path("cpu_ms").asDouble();
                double ticks = pass.path(side).path("cpu_ms_ticks").asDouble();
                assertThat(ns).as(side + ": " + pass).isPositive().isCloseTo(ticks, within(0.05 * ticks + 80));
            }
            assertThat(pass.path("a").path("gc_cpu_ms").asDouble()).as("nginx has no collector").isZero();
            assertThat(pass.path("b").has("gc_cpu_ms")).as("the gateway's collector, read apart").isTrue();
        }
        // each side's docker-stats log of each pass, from /proc: nginx's master with its
        // workers, the gateway's JVM with its threads
        for (int pass = 1; pass <= 2; pass++) {
            for (String side : List.of("A", "B")) {
                StatsLog log = StatsLog
                    .read(run.resolve("pass-" + pass).resolve(side.toLowerCase()).resolve("stats.log"));
                assertThat(log.unreadable()).isZero();
                assertThat(log.lines()).as("pass %d, side %s", pass, side)
                    .hasSizeGreaterThanOrEqualTo(3)
                    .allSatisfy(line -> assertThat(line.name()).isEqualTo(side))
                    .allSatisfy(line -> assertThat(line.pids()).isGreaterThan(side.equals("A") ? 1 : 10));
            }
        }
        JsonNode verdicts = pair.path("verdicts");
        assertThat(verdicts.has("cpu_ms_per_request")).isTrue();
        assertThat(verdicts.has("p99_ms")).isTrue();
        assertThat(verdicts.has("bytes_per_request")).as("bytes need two JVMs").isFalse();
        String compare = Files.readString(run.resolve("compare.md"));
        assertThat(compare).contains("- closed loop: 10 requests in flight").contains("| n/a | ");
        assertThat(compare).contains("## Profiles").contains("a ratio of two gateways stays paired");
        for (int pass = 1; pass <= 2; pass++) {
            Path b = run.resolve("pass-" + pass).resolve("b");
            assertThat(Files.readString(b.resolve("flamegraph.html"))).as("pass %d", pass).contains("reactor-http");
            assertThat(b.resolve("hotspots.md")).isNotEmptyFile();
            assertThat(b.resolve("libasyncProfiler.so")).doesNotExist();
            assertThat(compare).contains("[b](pass-" + pass + "/b/flamegraph.html)");
            assertThat(run.resolve("pass-" + pass).resolve("a").resolve("flamegraph.html")).as("nginx is no JVM")
                .doesNotExist();
            assertThat(compare).doesNotContain("[a](pass-" + pass + "/a/");
        }
        assertThat(dev.perflab.lab.history.History.read(results.resolve("history.csv")).rows())
            .extracting(dev.perflab.lab.history.HistoryRow::figure)
            .contains("nginx → reactive,log-quiet: cpu_ms_per_request");
        assertThat(ProcessHandle.current().descendants().map(p -> p.info().command().orElse("")).toList())
            .as("nginx's master and workers stopped with the run")
            .noneMatch(command -> command.endsWith("nginx"));
    }

    private int execute(String... args) {
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

}
