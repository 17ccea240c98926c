package dev.perflab.lab.capacity;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * make capacity on the real apps with vegeta: a search that brackets the SLO, a stall
 * that the open model's p99 shows in full, and bad SLO and RATES values refused in one
 * line.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CapacityIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    private int capacity(String... args) {
        List<String> full = new ArrayList<>(List.of("capacity", "--results", results.toString(), "--root", ROOT,
                "--warmup-max", "2s", "--warmup-probe", "2s", "--threads", "2", "--connections", "10", "--java-opts",
                "-Xmx256m -XX:TieredStopAtLevel=1"));
        full.addAll(List.of(args));
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(full.toArray(String[]::new));
    }

    private JsonNode rung() throws IOException {
        return RunFolder.JSON.readTree(results.resolve("latest").toRealPath().resolve("summary.json").toFile())
            .path("rungs")
            .get(0);
    }

    @Test
    void theSearchFindsARateBelowAndOneAboveTheSlo() throws IOException {
        // at 20 ms per auth call the blocking gateway holds an event loop per call: about
        // 4 / 20 ms = 200 req/s at most
        assertThat(
                capacity("--only", "blocking", "--auth-latency", "20ms", "--slo", "p99:100ms", "--step-duration", "3s"))
            .as(out + err.toString())
            .isZero();
        JsonNode capacity = rung().path("capacity");
        assertThat(capacity.path("slo").asString()).isEqualTo("p99:100ms");
        List<JsonNode> points = new ArrayList<>();
        capacity.path("points").forEach(points::add);
        assertThat(points).anyMatch(p -> p.path("p99_ms").asDouble() <= 100 && p.path("errors").asLong() == 0);
        assertThat(points).anyMatch(p -> p.path("p99_ms").asDouble() > 100
                || p.path("achieved_rps").asDouble() < 0.98 * p.path("offered_rps").asDouble());
        double found = capacity.path("rps_at_slo").asDouble();
        assertThat(found).isPositive().isLessThan(400);
        assertThat(points).allSatisfy(p -> assertThat(p.path("requests").asLong()).isPositive());
        assertThat(Files.readString(results.resolve("latest").resolve("report.md")))
            .contains("## Capacity at the SLO (open model)");
    }

    @Test
    void aStallInsideAStepShowsInItsP99() throws IOException {
        // auth-service answers after 1 s for 2 s of a 6 s step at 50 req/s: about 100
        // requests wait up to a second
        assertThat(capacity("--only", "reactive", "--rates", "50", "--step-duration", "6s", "--subwindow", "6s",
                "--faults", "2s:latency=1s 4s:latency=1ms"))
            .as(out + err.toString())
            .isZero();
        JsonNode point = rung().path("capacity").path("points").get(0);
        assertThat(point.path("offered_rps").asDouble()).isEqualTo(50.0);
        assertThat(point.path("p99_ms").asDouble()).as(point.toString()).isGreaterThan(500);
        assertThat(point.path("p50_ms").asDouble()).as("most requests were outside the stall").isLessThan(500);
    }

    @Test
    void badSloAndRatesAreOneLine() {
        assertThat(capacity("--slo", "p98:10ms")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1).startsWith("lab: SLO must be a percentile and a latency");
        err.getBuffer().setLength(0);
        assertThat(capacity("--rates", "500,fast")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: RATES must be whole req/s from 1 to")
            .contains("'fast'");
    }

}
