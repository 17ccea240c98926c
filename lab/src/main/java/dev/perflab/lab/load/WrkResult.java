package dev.perflab.lab.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The summary {@code wrk/summary.lua} prints after the marker line: counts, errors and
 * latency in ms; {@code spectrum} is the latency at a fine ladder of percentiles,
 * {@code [percentile, ms]} pairs (absent in output captured before it was added).
 */
public record WrkResult(long requests, @JsonProperty("duration_us") long durationMicros, long bytes, Errors errors,
        @JsonProperty("latency_ms") LatencySummary latency, List<List<Double>> spectrum) {

    public record Errors(long connect, long read, long write, long status, long timeout) {

        /** Socket errors plus non-2xx/3xx answers. */
        public long total() {
            return connect + read + write + status + timeout;
        }

        /** The errors without an answer: connect, read, write and timeout. */
        public long socket() {
            return connect + read + write + timeout;
        }
    }

    /**
     * Every latency as an HdrHistogram in microseconds, rebuilt from the spectrum: each
     * step between two percentiles holds its share of the requests at the step's upper
     * value. Without a spectrum, the six summary percentiles and the max make the steps.
     */
    public Histogram histogram() {
        List<double[]> steps = new ArrayList<>();
        if (spectrum != null && !spectrum.isEmpty()) {
            spectrum.forEach(point -> steps.add(new double[] { point.get(0), point.get(1) }));
        }
        else {
            latency.percentiles().forEach((p, ms) -> steps.add(new double[] { Double.parseDouble(p), ms }));
            steps.add(new double[] { 100, latency.max() });
        }
        steps.sort(Comparator.comparingDouble(step -> step[0]));
        Histogram histogram = new Histogram(3);
        long recorded = 0;
        for (double[] step : steps) {
            // cumulative counts rounded up, as HdrHistogram and wrk both count a
            // percentile's rank
            long count = (long) Math.ceil(requests * step[0] / 100 - 1e-9) - recorded;
            if (count > 0) {
                histogram.recordValueWithCount(Math.max(1, Math.round(step[1] * 1000)), count);
                recorded += count;
            }
        }
        if (recorded < requests && !steps.isEmpty()) {
            histogram.recordValueWithCount(Math.max(1, Math.round(latency.max() * 1000)), requests - recorded);
        }
        return histogram;
    }

    /**
     * The answers with a 2xx/3xx status that came within the timeout: wrk counts every
     * answer as a request, non-2xx/3xx ones too, and one that came after --timeout as a
     * request and a timeout, without its latency; a socket error is not one. wrk also
     * counts a request still unanswered after the timeout once every two seconds, so in a
     * run with timeouts this errs towards fewer successes, never more.
     */
    public long successes() {
        return Math.max(0, requests - errors.status() - errors.timeout());
    }

    public double requestsPerSecond() {
        return durationMicros == 0 ? 0 : requests / (durationMicros / 1_000_000.0);
    }
}
