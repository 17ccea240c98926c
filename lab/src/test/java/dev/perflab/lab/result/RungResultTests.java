package dev.perflab.lab.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.RunFolder;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class RungResultTests {

    private static RungResult measured() {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        percentiles.put("50", 1.5);
        percentiles.put("90", 2.5);
        percentiles.put("99", 7.25);
        return new RungResult(
                new Scenario("reactive", TargetKind.GATEWAY, List.of("reactive"), "1ms", "WebClient",
                        Map.of("client", "reactive")),
                "reactive",
                new RungResult.ClosedLoop(new RungResult.Throughput(2500.0, 0.05, List.of(2400.0, 2600.0), 3L),
                        new RungResult.Latency(percentiles, 40.0, 1.9),
                        new RungResult.CpuUse(Map.of("gateway", 120.0), 0.2), new RungResult.GatewayTimes(1.2, 1.6),
                        null, null, null),
                Map.of("auth_client", "reactive"),
                new RungResult.WarmupSummary(30.0, true, 5.0, List.of(2000.0, 2450.0)), null, null, null, null, null);
    }

    @Test
    void summaryJsonKeepsOneFlatObjectPerRung() {
        JsonNode json = RunFolder.JSON.valueToTree(measured());
        assertThat(json.path("name").asString()).isEqualTo("reactive");
        assertThat(json.path("target").asString()).isEqualTo("gateway");
        assertThat(json.path("rps").asDouble()).isEqualTo(2500.0);
        assertThat(json.path("rps_cv").asDouble()).isEqualTo(0.05);
        assertThat(json.path("p50_ms").asDouble()).isEqualTo(1.5);
        assertThat(json.path("p90_ms").asDouble()).isEqualTo(2.5);
        assertThat(json.path("p99_ms").asDouble()).isEqualTo(7.25);
        assertThat(json.path("max_ms").asDouble()).isEqualTo(40.0);
        assertThat(json.path("cpu").path("gateway").asDouble()).isEqualTo(120.0);
        assertThat(json.path("sampler_cpu_percent").asDouble()).isEqualTo(0.2);
        assertThat(json.path("auth_call_ms").asDouble()).isEqualTo(1.2);
        assertThat(json.path("warmup_steady").asBoolean()).isTrue();
        assertThat(json.path("axes").path("client").asString()).isEqualTo("reactive");
        assertThat(json.has("skipped")).isFalse();
        assertThat(json.has("profiler")).isFalse();
    }

    @Test
    void errorsAreSplitIntoFailedAnswersAndSocketErrorsInTheSummaryAndTheReportsCell() throws Exception {
        RungResult.Throughput split = new RungResult.Throughput(900.0, null, List.of(900.0), 12L, 10_000L, 9L, 3L);
        JsonNode json = RunFolder.JSON.valueToTree(split);
        assertThat(json.path("errors").asLong()).isEqualTo(12);
        assertThat(json.path("non_2xx").asLong()).isEqualTo(9);
        assertThat(json.path("socket_errors").asLong()).isEqualTo(3);
        assertThat(RunFolder.JSON.treeToValue(json, RungResult.Throughput.class)).isEqualTo(split);
        assertThat(split.errorsText()).isEqualTo("12 (9 non-2xx, 3 socket)");
        assertThat(new RungResult.Throughput(900.0, null, List.of(900.0), 0L, 10_000L, 0L, 0L).errorsText())
            .isEqualTo("0");
        assertThat(new RungResult.Throughput(900.0, null, List.of(900.0), 5L, 10_000L).errorsText())
            .as("a summary from before the split")
            .isEqualTo("5");
    }

    @Test
    void aSummaryReadsBackIntoTheSameParts() {
        RungResult result = measured();
        RungResult read = RunFolder.JSON.readValue(RunFolder.JSON.writeValueAsString(result), RungResult.class);
        assertThat(RunFolder.JSON.writeValueAsString(read)).isEqualTo(RunFolder.JSON.writeValueAsString(result));
        assertThat(read.throughput()).isEqualTo(result.throughput());
        assertThat(read.latency()).isEqualTo(result.latency());
        assertThat(read.warmup()).isEqualTo(result.warmup());
        assertThat(read.profile().profiler()).as("no profile: a part of nulls").isNull();
        assertThat(read.latency().p99()).isEqualTo(7.25);
        assertThat(read.measured()).isTrue();
    }

    @Test
    void aSkippedRungSaysWhyAndIsNotMeasured() {
        RungResult skipped = RungResult.skipped(new Scenario("nginx", TargetKind.NGINX, List.of(), null, "reference"),
                "nginx is not installed");
        JsonNode json = RunFolder.JSON.valueToTree(skipped);
        assertThat(json.path("skipped").asString()).isEqualTo("nginx is not installed");
        assertThat(json.has("rps")).isFalse();
        RungResult read = RunFolder.JSON.treeToValue(json, RungResult.class);
        assertThat(read.measured()).isFalse();
        assertThat(read.target()).isEqualTo("nginx");
    }

}
