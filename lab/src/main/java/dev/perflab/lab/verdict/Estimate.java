package dev.perflab.lab.verdict;

import java.util.List;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The mean of some measurements (sub-windows of one run, or one value per pass) with its
 * 95 % confidence interval from Student's t, its lower end clamped at 0 (none of the
 * lab's figures can be negative); no interval from fewer than two.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Estimate(double mean, Double low, Double high, int n, List<Double> values) {

    static final double CONFIDENCE = 0.95;

    public static Estimate of(List<Double> values) {
        double[] data = values.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Mean.of(data).getAsDouble();
        if (data.length < 2) {
            return new Estimate(round(mean), null, null, data.length, List.copyOf(values));
        }
        double halfWidth = tQuantile(data.length - 1) * Math.sqrt(Variance.of(data).getAsDouble() / data.length);
        // every figure here (req/s, ms, CPU ms per request) is >= 0: a t-interval
        // reaching below 0 says "wide", not "negative"
        return new Estimate(round(mean), round(Math.max(0, mean - halfWidth)), round(mean + halfWidth), data.length,
                List.copyOf(values));
    }

    /**
     * Half the interval's width in % of the mean: the smallest change these measurements
     * can tell from noise.
     */
    @JsonProperty(value = "half_width_pct", access = JsonProperty.Access.READ_ONLY)
    public Double halfWidthPercent() {
        return low == null || mean == 0 ? null : round((high - low) / 2 / Math.abs(mean) * 100);
    }

    @JsonIgnore
    public boolean hasInterval() {
        return low != null;
    }

    /** The two-sided 95 % quantile of Student's t with these degrees of freedom. */
    public static double tQuantile(double degreesOfFreedom) {
        return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
