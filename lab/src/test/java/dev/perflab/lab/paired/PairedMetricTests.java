package dev.perflab.lab.paired;

import java.util.Arrays;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;
import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each paired metric once: its key, how it reads a side, and which one gates. */
class PairedMetricTests {

    @Test
    void eachMetricReadsItsOwnFigureOfASideByItsJsonKey() {
        JvmCounters.Reading jvm = new JvmCounters.Reading(9_000_000, 0, 0, 0, 0, 0, 0, java.util.Map.of());
        SideWindow side = new SideWindow(1000, 0, 450, 1.5, 7.0, new Histogram(3), jvm);
        assertThat(PairedMetric.of("cpu_ms_per_request").read(side)).isEqualTo(0.45);
        assertThat(PairedMetric.of("bytes_per_request").read(side)).isEqualTo(9000.0);
        assertThat(PairedMetric.of("p50_ms").read(side)).isEqualTo(1.5);
        assertThat(PairedMetric.of("p99_ms").read(side)).isEqualTo(7.0);
        assertThat(Arrays.stream(PairedMetric.values()).filter(PairedMetric::gated)).containsExactly(PairedMetric.CPU);
        assertThat(PairedMetric.CARRIERS.get(0)).as("costs carry a verdict first").isEqualTo(PairedMetric.CPU);
        assertThat(PairedMetric.AGAINST_NGINX).doesNotContain(PairedMetric.BYTES);
        assertThat(PairedMetric.LABELS).containsEntry("bytes_per_request", "bytes allocated per request").hasSize(4);
        java.util.Map<PairedMetric, dev.perflab.lab.verdict.PairedRatio> ratios = new java.util.EnumMap<>(
                PairedMetric.class);
        ratios.put(PairedMetric.P99, null);
        ratios.put(PairedMetric.CPU, null);
        assertThat(PairedMetric.byKey(ratios).keySet()).as("written by JSON key, in the metrics' order")
            .containsExactly("cpu_ms_per_request", "p99_ms");
        assertThatThrownBy(() -> PairedMetric.of("rps")).isInstanceOf(LabException.class)
            .hasMessage("no paired metric rps");
    }

}
