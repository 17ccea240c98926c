package dev.perflab.lab.load;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.Captured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WrkHistogramTests {

    @Test
    void theSpectrumRebuildsAHistogramWithEveryRequestAndWrksPercentiles() {
        // captured from the lab's gateway-test with a fault mid-window: a wide, two-humped distribution
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-faults-spectrum.txt"));
        assertThat(wrk.spectrum()).hasSize(136);
        Histogram histogram = wrk.histogram();
        assertThat(histogram.getTotalCount()).isEqualTo(wrk.requests());
        for (String p : new String[] { "50", "75", "90", "99" }) {
            double ms = wrk.latency().percentile(p);
            assertThat(histogram.getValueAtPercentile(Double.parseDouble(p)) / 1000.0).as("p" + p).isCloseTo(ms, within(ms * 0.01 + 0.002));
        }
        assertThat(histogram.getMaxValue() / 1000.0).isCloseTo(wrk.latency().max(), within(wrk.latency().max() * 0.01));
    }

    @Test
    void outputFromBeforeTheSpectrumStillGivesAHistogramOfEveryRequest() {
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-reactive.txt"));
        assertThat(wrk.spectrum()).isNull();
        Histogram histogram = wrk.histogram();
        assertThat(histogram.getTotalCount()).isEqualTo(wrk.requests());
        assertThat(histogram.getValueAtPercentile(99) / 1000.0).isCloseTo(wrk.latency().percentile("99"), within(wrk.latency().percentile("99") * 0.01));
    }

    @Test
    void theLoadResultKeepsTheHistogramInHdrHistogramsOwnEncoding() throws Exception {
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-faults-spectrum.txt"));
        LoadResult result = new LoadResult(wrk.requests(), wrk.durationMicros(), wrk.errors().total(), wrk.latency(), wrk.histogram(), "", "");
        byte[] bytes = java.util.Base64.getDecoder().decode(result.histogramBase64());
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0);
        assertThat(decoded.getTotalCount()).isEqualTo(wrk.requests());
        assertThat(decoded.getValueAtPercentile(99)).isEqualTo(wrk.histogram().getValueAtPercentile(99));
        assertThat(result.errors()).isEqualTo(1278);
    }
}
