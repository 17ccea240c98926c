package dev.perflab.lab.load;

import java.util.Map;

/**
 * Latency in milliseconds as a load generator reports it; percentiles keyed "50", "75",
 * "90", "99", "99.9", "99.99".
 */
public record LatencySummary(double min, double mean, double stdev, double max, Map<String, Double> percentiles) {

    public double percentile(String key) {
        Double value = percentiles.get(key);
        if (value == null) {
            throw new IllegalArgumentException(
                    "no percentile " + key + " in the load generator's summary (have " + percentiles.keySet() + ")");
        }
        return value;
    }
}
