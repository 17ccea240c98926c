package dev.perflab.lab.paired;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;

/** Each paired metric once: its key, how it reads a side, and which one gates. */
class PairedMetricTests {

    @Test
    void eachMetricReadsItsOwnFigureOfASide() {
        JvmCounters.Reading jvm = new JvmCounters.Reading(9_000_000, 0, 0, 0, 0, 0, 0, Map.of());
        SideWindow side = new SideWindow(1000, 0, 450, 1.5, 7.0, new Histogram(3), jvm);
        assertThat(PairedMetric.CPU.read(side)).isEqualTo(0.45);
        assertThat(PairedMetric.BYTES.read(side)).isEqualTo(9000.0);
        assertThat(PairedMetric.P50.read(side)).isEqualTo(1.5);
        assertThat(PairedMetric.P99.read(side)).isEqualTo(7.0);
        assertThat(Arrays.stream(PairedMetric.values()).filter(PairedMetric::gated)).containsExactly(PairedMetric.CPU);
        assertThat(PairedMetric.CARRIERS.get(0)).as("costs carry a verdict first").isEqualTo(PairedMetric.CPU);
        assertThat(PairedMetric.AGAINST_NGINX).doesNotContain(PairedMetric.BYTES);
    }

    @Test
    void jacksonWritesAMetricAndAMapKeyedByMetricsByTheJsonKey() {
        Map<PairedMetric, Integer> ratios = new EnumMap<>(PairedMetric.class);
        ratios.put(PairedMetric.P99, 2);
        ratios.put(PairedMetric.CPU, 1);
        assertThat(RunFolder.JSON.writer()
            .without(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT)
            .writeValueAsString(Map.of("ratios", ratios, "carried_by", PairedMetric.BYTES))).as("in the metrics' order")
            .contains("\"ratios\":{\"cpu_ms_per_request\":1,\"p99_ms\":2}")
            .contains("\"carried_by\":\"bytes_per_request\"");
    }

}
