package dev.perflab.lab.verdict;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.report.ConsoleSummary;
import dev.perflab.lab.result.RunJson;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One vocabulary (issue 54): CPU per request is cheaper or costlier, bytes per request
 * fewer or more, latency and req/s faster or slower, in what the lab prints and writes;
 * files written when every metric said faster or slower are still read, in the new words.
 */
class VocabularyTests {

    private static final Pattern SPEED_WORDS = Pattern.compile("\\b(faster|slower)\\b");

    /** Every pass below 1, every pass above 1, and passes around 1. */
    private static final List<List<Double>> INTERVALS = List.of(List.of(0.90, 0.91, 0.89), List.of(1.10, 1.12, 1.09),
            List.of(0.98, 1.03, 1.01, 0.99));

    @Test
    void aCostOrACountIsNeverFasterOrSlower() {
        for (PairedMetric metric : List.of(PairedMetric.CPU, PairedMetric.BYTES)) {
            for (List<Double> passes : INTERVALS) {
                PairedRatio paired = PairedRatio.of(passes, metric.quantity());
                assertThat(paired.describe()).as(metric.label()).doesNotContainPattern(SPEED_WORDS);
                Ratio ratio = Ratio.of(List.of(1.0, 1.01, 0.99), passes, metric.quantity());
                assertThat(ratio.describe()).as(metric.label()).doesNotContainPattern(SPEED_WORDS);
            }
        }
        assertThat(PairedRatio.of(INTERVALS.get(0), PairedMetric.CPU.quantity()).describe()).endsWith(", cheaper");
        assertThat(PairedRatio.of(INTERVALS.get(1), PairedMetric.CPU.quantity()).describe()).endsWith(", costlier");
        assertThat(PairedRatio.of(INTERVALS.get(0), PairedMetric.BYTES.quantity()).describe()).endsWith(", fewer");
        assertThat(PairedRatio.of(INTERVALS.get(1), PairedMetric.BYTES.quantity()).describe()).endsWith(", more");
        assertThat(PairedRatio.of(INTERVALS.get(1), PairedMetric.P99.quantity()).describe()).endsWith(", slower");
        assertThat(PairedRatio.of(INTERVALS.get(1), Quantity.RATE).describe()).endsWith(", faster");
    }

    @Test
    void aSummaryWrittenWithTheOldWordsIsReadInTheNewOnes() {
        String old = """
                {"against":"reactive",
                 "rps":{"ratio":1.2,"low":1.1,"high":1.3,"verdict":"faster"},
                 "proxy_cpu_ms_per_request":{"ratio":0.8,"low":0.7,"high":0.9,"verdict":"faster"},
                 "proxy_cpu_ms_per_request_at_rate":{"ratio":1.2,"low":1.1,"high":1.3,"verdict":"slower"},
                 "gateway_bytes_per_request":{"ratio":1.2,"low":1.1,"high":1.3,"verdict":"slower"}}
                """;
        StepVerdict step = RunJson.MAPPER.readValue(old, StepVerdict.class);
        assertThat(step.rps().verdict()).isEqualTo(Verdict.FASTER);
        assertThat(step.proxyCpuPerRequest().verdict()).isEqualTo(Verdict.CHEAPER);
        assertThat(step.proxyCpuAtRate().verdict()).isEqualTo(Verdict.COSTLIER);
        assertThat(step.gatewayBytesPerRequest().verdict()).isEqualTo(Verdict.MORE);
        JsonNode written = RunJson.MAPPER.valueToTree(step);
        assertThat(written.path("proxy_cpu_ms_per_request").path("verdict").asString()).isEqualTo("cheaper");
        assertThat(written.path("gateway_bytes_per_request").path("verdict").asString()).isEqualTo("more");
        assertThat(RunJson.MAPPER.readValue(RunJson.MAPPER.writeValueAsString(step), StepVerdict.class))
            .isEqualTo(step);
    }

    @Test
    void theConsoleSaysCpuInACostsWordsForARunWrittenWithTheOldOnes() {
        List<String> lines = ConsoleSummary
            .lines(java.nio.file.Path.of("src/test/resources/golden/run-lab").toAbsolutePath());
        assertThat(lines).anySatisfy(line -> assertThat(line).contains(", CPU ").contains("cheaper"));
        assertThat(lines).allSatisfy(line -> {
            int cpu = line.indexOf(", CPU ");
            assertThat(cpu < 0 ? "" : line.substring(cpu)).doesNotContainPattern(SPEED_WORDS);
        });
    }

}
