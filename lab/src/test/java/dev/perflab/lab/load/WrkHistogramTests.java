package dev.perflab.lab.load;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.Captured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * The histogram rebuilt from wrk's percentiles: what it reads between the percentiles it
 * was built from, what it says of figures it was not built from (wrk's mean and standard
 * deviation), and what merging windows reads (the percentiles of all their requests, not
 * an average of the windows').
 */
class WrkHistogramTests {

    private static final WrkResult.Errors NO_ERRORS = new WrkResult.Errors(0, 0, 0, 0, 0);

    @Test
    void theRebuiltSpectrumAgreesWithWrksMeanAndSpreadWhichItWasNotBuiltFrom() {
        // captured from the lab's gateway-test with a fault mid-window: a wide,
        // two-humped distribution
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-faults-spectrum.txt"));
        assertThat(wrk.spectrum()).hasSize(136);
        Histogram histogram = wrk.histogram();
        assertThat(histogram.getTotalCount()).isEqualTo(wrk.requests());
        // each step holds its requests at its upper latency: the mean can only come out a
        // little high
        assertThat(histogram.getMean() / 1000.0).isGreaterThanOrEqualTo(wrk.latency().mean())
            .isCloseTo(wrk.latency().mean(), withinPercentage(3));
        assertThat(histogram.getStdDeviation() / 1000.0).isCloseTo(wrk.latency().stdev(), withinPercentage(5));
        assertThat(histogram.getMaxValue() / 1000.0).isCloseTo(wrk.latency().max(), within(wrk.latency().max() * 0.01));
    }

    /**
     * Between two of wrk's percentiles a percentile reads the upper one's latency, never
     * one below what wrk saw there.
     */
    @Test
    void betweenTwoPercentilesThePercentileReadsTheUpperOnesLatency() {
        WrkResult wrk = synthetic(1000, List.of(List.of(50.0, 1.0), List.of(90.0, 5.0), List.of(100.0, 9.0)), 9.0);
        Histogram histogram = wrk.histogram();
        assertThat(histogram.getTotalCount()).isEqualTo(1000);
        assertThat(histogram.getCountBetweenValues(0, 1_001)).isEqualTo(500);
        assertThat(histogram.getCountBetweenValues(4_990, 5_010)).isEqualTo(400);
        assertThat(histogram.getCountBetweenValues(8_990, 9_010)).isEqualTo(100);
        assertThat(ms(histogram, 30)).isCloseTo(1.0, withinPercentage(0.5));
        assertThat(ms(histogram, 50)).isCloseTo(1.0, withinPercentage(0.5));
        assertThat(ms(histogram, 50.1)).isCloseTo(5.0, withinPercentage(0.5));
        assertThat(ms(histogram, 70)).isCloseTo(5.0, withinPercentage(0.5));
        assertThat(ms(histogram, 95)).isCloseTo(9.0, withinPercentage(0.5));
    }

    /**
     * A percentile's rank is rounded up, as wrk and HdrHistogram count it: of 3 requests,
     * p50 is the 2nd.
     */
    @Test
    void aPercentilesRankIsRoundedUp() {
        Histogram histogram = synthetic(3, List.of(List.of(50.0, 1.0), List.of(100.0, 2.0)), 2.0).histogram();
        assertThat(histogram.getCountBetweenValues(0, 1_001)).isEqualTo(2);
        assertThat(histogram.getTotalCount()).isEqualTo(3);
    }

    @Test
    void outputFromBeforeTheSpectrumStillGivesAHistogramOfEveryRequestInSteps() {
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-reactive.txt"));
        assertThat(wrk.spectrum()).isNull();
        Histogram histogram = wrk.histogram();
        assertThat(histogram.getTotalCount()).isEqualTo(wrk.requests());
        // p95 lies between wrk's p90 and p99: it reads p99's latency
        assertThat(ms(histogram, 95)).isCloseTo(wrk.latency().percentile("99"),
                within(wrk.latency().percentile("99") * 0.01));
        assertThat(ms(histogram, 95)).isGreaterThan(wrk.latency().percentile("90"));
    }

    /**
     * Two windows merged read the percentiles of all their requests: here half at 1 ms,
     * half at 10 ms.
     */
    @Test
    void mergedWindowsReadThePercentilesOfAllTheirRequestsNotAnAverage() {
        LoadResult fast = load(synthetic(1000, List.of(List.of(100.0, 1.0)), 1.0));
        LoadResult slow = load(synthetic(1000, List.of(List.of(100.0, 10.0)), 10.0));
        LoadResult merged = LoadResult.merge(List.of(fast, slow));
        assertThat(merged.requests()).isEqualTo(2000);
        assertThat(merged.durationMicros()).isEqualTo(2 * 10_000_000L);
        assertThat(merged.histogram().getTotalCount()).isEqualTo(2000);
        assertThat(merged.latency().percentile("50")).as("p50 of all, not the windows' mean 5.5 ms")
            .isCloseTo(1.0, withinPercentage(0.5));
        assertThat(merged.latency().percentile("75")).isCloseTo(10.0, withinPercentage(0.5));
        assertThat(merged.latency().mean()).isCloseTo(5.5, withinPercentage(0.5));
        assertThat(merged.latency().max()).isCloseTo(10.0, withinPercentage(0.5));
    }

    /** Weighted by requests: a short slow window moves only the upper percentiles. */
    @Test
    void mergingWeighsEachWindowByItsRequests() {
        LoadResult many = load(synthetic(3000, List.of(List.of(100.0, 1.0)), 1.0));
        LoadResult few = load(synthetic(1000, List.of(List.of(100.0, 10.0)), 10.0));
        LoadResult merged = LoadResult.merge(List.of(many, few));
        assertThat(ms(merged.histogram(), 75)).isCloseTo(1.0, withinPercentage(0.5));
        assertThat(ms(merged.histogram(), 75.1)).isCloseTo(10.0, withinPercentage(0.5));
        assertThat(merged.latency().percentile("90")).isCloseTo(10.0, withinPercentage(0.5));
    }

    @Test
    void theLoadResultKeepsTheHistogramInHdrHistogramsOwnEncoding() throws Exception {
        WrkResult wrk = WrkOutput.parse(Captured.read("wrk-gateway-faults-spectrum.txt"));
        LoadResult result = new LoadResult(wrk.requests(), wrk.durationMicros(), wrk.errors().total(),
                wrk.errors().socket(), wrk.successes(), wrk.latency(), wrk.histogram(), "", "");
        byte[] bytes = java.util.Base64.getDecoder().decode(result.histogramBase64());
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0);
        assertThat(decoded).isEqualTo(wrk.histogram());
        assertThat(result.errors()).isEqualTo(1278);
    }

    private static WrkResult synthetic(long requests, List<List<Double>> spectrum, double maxMs) {
        LatencySummary latency = new LatencySummary(spectrum.get(0).get(1), 0, 0, maxMs, Map.of());
        return new WrkResult(requests, 10_000_000L, requests * 100, NO_ERRORS, latency, spectrum);
    }

    private static LoadResult load(WrkResult wrk) {
        return new LoadResult(wrk.requests(), wrk.durationMicros(), 0, 0, wrk.requests(), wrk.latency(),
                wrk.histogram(), "", "");
    }

    private static double ms(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }

}
