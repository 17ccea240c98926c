package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.Captured;
import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.run.RunFolder;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The report's model from captured results folders. {@code run-lab-interrupted} is a real
 * ladder (baseline and blocking measured, stopped by SIGTERM in the third rung) written
 * by {@code java -jar lab/target/lab.jar lab --duration 5s --warmup-max 10s} at 8653ee1
 * on the 2-core lab machine. {@code run-sweep} and {@code run-sweep-before-axes} are
 * written by hand in summary.json's format (a 2 x 2 sweep, with and without the
 * scenario's {@code axes}).
 */
class ReportModelTests {

    private static final Path LADDER = Captured.folder("run-lab-interrupted");

    private static final Path SWEEP = Captured.folder("run-sweep");

    @Test
    void mainTableHasOneRowPerRungWithRatiosToTheBaselineAndEachServicesCpu() {
        ReportModel model = ReportModel.read(LADDER);
        assertThat(model.main().table().header()).containsExactly("rung", "profiles", "req/s", "cv", "x baseline",
                "x nginx", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "CPU auth-service %",
                "CPU business-service %", "CPU gateway %", "what changed");
        assertThat(model.main().table().rows()).containsExactly(
                List.of("baseline", "-", "7,087", "n/a", "1.00", "", "1.14", "7.37", "17.27", "38.00", "0", "", "176",
                        "", "business-service alone"),
                List.of("blocking", "blocking", "112", "n/a", "0.02", "", "82.72", "148.63", "225.46", "290.32", "0",
                        "34", "33", "75", "blocking auth client"));
        assertThat(model.header().error())
            .isEqualTo("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
        assertThat(model.samplerCost().percent()).isEqualTo("0.38");
    }

    @Test
    void timeAndWarmupTablesCoverTheMeasuredRungs() {
        ReportModel model = ReportModel.read(LADDER);
        assertThat(model.times().table().rows()).hasSize(1);
        assertThat(model.times().table().rows().get(0)).startsWith("blocking", "89.87", "78.25", "15.58");
        assertThat(model.times().table().rows().get(0).get(4)).contains("auth_client=blocking")
            .contains("event_loop_threads=4");
        assertThat(model.warmup().table().rows()).containsExactly(List.of("baseline", "5", "no", "3,891", "", ""),
                List.of("blocking", "7", "no", "45", "", ""));
        assertThat(model.hotspots().table().isEmpty()).isTrue();
        assertThat(model.faults().lines()).isEmpty();
        assertThat(model.sweep().table().isEmpty()).isTrue();
        assertThat(model.charts().sweep()).isNull();
    }

    @Test
    void ratiosAreAgainstTheMeasuredBaselineAndNginxAndASkippedRungKeepsItsReason() {
        JsonNode info = RunFolder.JSON.readTree(LADDER.resolve("run.json").toFile());
        ArrayNode rungs = (ArrayNode) RunFolder.JSON.readTree(LADDER.resolve("summary.json").toFile()).path("rungs");
        ObjectNode nginx = ((ObjectNode) rungs.get(0)).deepCopy();
        nginx.put("name", "nginx").put("target", "nginx").put("rps", 14174.6).put("dir", "nginx");
        rungs.add(nginx);
        rungs.addObject()
            .put("name", "reactive")
            .put("target", "gateway")
            .put("changes", "reactive")
            .put("skipped", "port 38071 is busy");
        ReportModel model = ReportModel.of(LADDER, info, results(rungs), null);
        assertThat(model.main().table().rows()).extracting(row -> row.get(0) + " " + row.get(4) + " " + row.get(5))
            .containsExactly("baseline 1.00 0.50", "blocking 0.02 0.01", "nginx 2.00 1.00", "reactive  ");
        assertThat(model.main().table().rows().get(3)).containsExactly("reactive", "-", "skipped: port 38071 is busy",
                "", "", "", "", "", "", "", "", "", "", "", "reactive");
        assertThat(model.header().error()).isNull();
    }

    @Test
    void machineLineAndCoresComeFromRunJsonNotFromTheJvmWritingTheReport() {
        ObjectNode info = (ObjectNode) RunFolder.JSON.readTree(LADDER.resolve("run.json").toFile());
        ((ObjectNode) info.path("machine")).put("cores", 64).put("cpu_model", "Big Iron");
        info.put("runtime", "compose");
        ReportModel model = ReportModel.of(LADDER, info, results(summary(LADDER)), null);
        assertThat(model.main().cores()).isEqualTo(64);
        assertThat(machineLine(model)).startsWith(
                "Big Iron, 64 cores, OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1; runtime compose; commit 8653ee1d9aff; ")
            .endsWith("wrk -t5 -c10 -d5s --timeout 10s, repeat 1, load generator on the same host");
        assertThat(ReportWriter.markdown(model)).contains("in % of one core (64 cores = 6400 %).")
            .contains("runtime compose");

        ((ObjectNode) info.path("machine")).remove("cores");
        ((ObjectNode) info.path("machine")).put("load_generator_on_same_host", false);
        ReportModel unknown = ReportModel.of(LADDER, info, results(summary(LADDER)), null);
        assertThat(unknown.main().cores()).isNull();
        assertThat(machineLine(unknown)).endsWith("load generator on another host");
        assertThat(ReportWriter.markdown(unknown)).contains("in % of one core. Latency percentiles");
    }

    @Test
    void cpuSeriesComeFromEachRungsStatsLog() {
        List<ChartData.CpuSeries> cpu = ReportModel.read(LADDER).charts().cpu();
        assertThat(cpu).extracting(ChartData.CpuSeries::rung).containsExactly("baseline", "blocking");
        assertThat(cpu.get(1).services()).containsOnlyKeys("business-service", "auth-service", "gateway");
        List<List<Number>> gateway = cpu.get(1).services().get("gateway");
        assertThat(gateway.get(0)).containsExactly(0L, 76.78);
        assertThat(gateway).hasSize(5);
        assertThat(gateway.get(4).get(0).longValue()).isEqualTo(4);
    }

    @Test
    void sweepPivotsRequestsPerSecondByTheScenarioAxes() {
        ReportModel model = ReportModel.read(SWEEP);
        assertThat(model.sweep().table().header()).containsExactly("client", "auth 0", "auth 5ms");
        assertThat(model.sweep().table().rows()).containsExactly(List.of("blocking", "2,210", "703"),
                List.of("reactive", "2,582", "1,702"), List.of("bound, blocked event loop", "-", "800"));
        SweepSection.SweepSeries series = model.charts().sweep();
        assertThat(series.latenciesMs()).containsExactly(0.0, 5.0);
        assertThat(series.series()).extracting(SweepSection.ClientSeries::client)
            .containsExactly("blocking", "reactive");
        assertThat(series.series().get(1).rps()).containsExactly(2581.9, 1702.3);
        assertThat(series.bound()).containsExactly(null, 800.0);
    }

    @Test
    void sweepAxesWinOverTheOrderOfTheProfiles() {
        JsonNode info = RunFolder.JSON.readTree(SWEEP.resolve("run.json").toFile());
        ArrayNode rungs = summary(SWEEP);
        for (JsonNode rung : rungs) {
            ArrayNode profiles = (ArrayNode) rung.path("profiles");
            profiles.insert(0, "log-quiet");
        }
        // a point missing from one client stays an empty cell in its column, not a shift
        // to the left
        rungs.remove(2);
        ReportModel model = ReportModel.of(SWEEP, info, results(rungs), null);
        assertThat(model.sweep().table().rows()).containsExactly(List.of("blocking", "2,210", "703"),
                List.of("reactive", "", "1,702"), List.of("bound, blocked event loop", "-", "800"));
        assertThat(model.charts().sweep().series().get(1).rps()).containsExactly(null, 1702.3);
    }

    @Test
    void summariesFromBeforeTheAxesNameTheClientFirstAmongTheProfiles() {
        ReportModel old = ReportModel.read(Captured.folder("run-sweep-before-axes"));
        assertThat(old.sweep()).isEqualTo(ReportModel.read(SWEEP).sweep());
        assertThat(old.charts().sweep()).isEqualTo(ReportModel.read(SWEEP).charts().sweep());
    }

    @Test
    void authLatenciesAreReadAsAuthServiceReadsThem() {
        assertThat(SweepSection.latencySeconds("r", "500ns")).isCloseTo(500e-9, within(1e-15));
        assertThat(SweepSection.latencySeconds("r", "500us")).isCloseTo(500e-6, within(1e-12));
        assertThat(SweepSection.latencySeconds("r", "1MS")).isCloseTo(0.001, within(1e-12));
        assertThat(SweepSection.latencySeconds("r", "1ms")).isCloseTo(0.001, within(1e-12));
        assertThat(SweepSection.latencySeconds("r", "0")).isZero();
        assertThat(SweepSection.latencySeconds("r", "0.5ms-2ms")).as("a range's mean")
            .isCloseTo(0.00125, within(1e-12));
        assertThat(SweepSection.latencySeconds("r", null)).isNull();
        assertThatThrownBy(() -> SweepSection.latencySeconds("blocking-5", "5")).isInstanceOf(LabException.class)
            .hasMessageStartingWith("summary.json: rung blocking-5: latency '5' is not a duration")
            .hasMessageNotContaining("\n");
    }

    @Test
    void theBoundOfANanosecondLatencyIsComputedInNanoseconds() {
        JsonNode info = RunFolder.JSON.readTree(SWEEP.resolve("run.json").toFile());
        ArrayNode rungs = summary(SWEEP);
        for (JsonNode rung : rungs) {
            if (rung.path("auth_latency").asString().equals("5ms")) {
                ((ObjectNode) rung).put("auth_latency", "500ns");
                ((ObjectNode) rung.path("axes")).put("auth_latency", "500ns");
            }
        }
        ReportModel model = ReportModel.of(SWEEP, info, results(rungs), null);
        assertThat(model.sweep().table().header()).containsExactly("client", "auth 0", "auth 500ns");
        assertThat(model.charts().sweep().bound()).containsExactly(null, 4 / 500e-9);
        assertThat(model.charts().sweep().latenciesMs().get(1)).isCloseTo(0.0005, within(1e-12));
    }

    @Test
    void aMeasuredRungWithoutCpuOrGatewayTimersLeavesThoseCellsEmpty() {
        JsonNode info = RunFolder.JSON.readTree(LADDER.resolve("run.json").toFile());
        ArrayNode rungs = summary(LADDER);
        ((ObjectNode) rungs.get(1)).remove(List.of("cpu", "sampler_cpu_percent", "auth_call_ms", "server_ms"));
        ReportModel model = ReportModel.of(LADDER, info, results(rungs), null);
        assertThat(model.main().table().header()).contains("CPU business-service %").doesNotContain("CPU gateway %");
        assertThat(model.main().table().rows().get(1)).endsWith("0", "", "blocking auth client");
        assertThat(model.times().table().rows().get(0)).startsWith("blocking", "89.87", "", "");
        assertThat(model.samplerCost().percent()).isEqualTo("0.33");
    }

    @Test
    void hotspotsAndInjectedFaultsAreReportedForTheRungsThatHaveThem(@TempDir Path dir) throws IOException {
        JsonNode info = RunFolder.JSON.readTree(LADDER.resolve("run.json").toFile());
        ((ObjectNode) info.path("parameters")).put("profiler",
                "JFR (profile settings), in a profiled window after the measured one");
        ArrayNode rungs = summary(LADDER);
        ObjectNode blocking = (ObjectNode) rungs.get(1);
        blocking.put("profiler", "jfr").put("hotspot", "blocking network I/O on the event loop (RestTemplate)");
        blocking.putObject("hotspot_shares").put("blocking network I/O", 0.62).put("logging", 0.11);
        blocking.putObject("profiler_cost").put("rps_without", 112.0).put("rps_with", 101.0).put("ratio", 0.9);
        blocking.putObject("profile_evidence")
            .put("event_loop_socket_reads", 1234)
            .put("event_loop_socket_read_ms", 5678.4);
        Files.createDirectories(dir.resolve("blocking"));
        Files.writeString(dir.resolve("blocking/faults.log"), "08:31:53 errorRate=1 -> 200\n");
        ReportModel model = ReportModel.of(dir, info, results(rungs), null);
        assertThat(model.hotspots().table().rows()).containsExactly(List.of("blocking", "jfr",
                "blocking network I/O on the event loop (RestTemplate); JFR: 1,234 socket reads on the event loop, 5,678 ms",
                "blocking network I/O 62 %, logging 11 %", "101 / 112 = 0.90"));
        assertThat(model.faults().lines()).containsExactly("blocking   08:31:53 errorRate=1 -> 200");
        assertThat(ReportWriter.markdown(model)).contains("## Hotspots")
            .contains("From JFR (profile settings), in a profiled window")
            .contains("## Faults injected")
            .contains("```\nblocking   08:31:53 errorRate=1 -> 200\n```\n");
        assertThat(ReportWriter.html(model)).contains("<h2>Hotspots</h2>");
    }

    /** The line under the title: the machine, the parameters and the commit. */
    private static String machineLine(ReportModel model) {
        return ReportWriter.markdown(model).lines().skip(2).findFirst().orElseThrow();
    }

    private static ArrayNode summary(Path dir) {
        return (ArrayNode) RunFolder.JSON.readTree(dir.resolve("summary.json").toFile()).path("rungs");
    }

    private static List<RungResult> results(JsonNode rungs) {
        return RunFolder.JSON.convertValue(rungs, new TypeReference<List<RungResult>>() {
        });
    }

}
