package dev.perflab.lab.load;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The summary {@code wrk/summary.lua} prints after the marker line: counts, errors and latency in ms. */
public record WrkResult(long requests, @JsonProperty("duration_us") long durationMicros, long bytes, Errors errors,
        @JsonProperty("latency_ms") Latency latency) {

    public record Errors(long connect, long read, long write, long status, long timeout) {

        /** Socket errors plus non-2xx/3xx answers. */
        public long total() {
            return connect + read + write + status + timeout;
        }
    }

    /** Latency in milliseconds; percentiles keyed "50", "75", "90", "99", "99.9", "99.99". */
    public record Latency(double min, double mean, double stdev, double max, Map<String, Double> percentiles) {

        public double percentile(String key) {
            Double value = percentiles.get(key);
            if (value == null) {
                throw new IllegalArgumentException("no percentile " + key + " in wrk.json (have " + percentiles.keySet() + ")");
            }
            return value;
        }
    }

    public double requestsPerSecond() {
        return durationMicros == 0 ? 0 : requests / (durationMicros / 1_000_000.0);
    }
}
