package dev.perflab.lab.verdict;

import java.util.List;

/**
 * How far apart some measurements are, for the figures that are not an interval: the
 * coefficient of variation between passes, the median of the rungs' half-widths. The
 * statistics stay in this package so the report only prints them and a second copy cannot
 * drift from the first.
 */
public final class Spread {

    private Spread() {
    }

    /**
     * Sample standard deviation over the mean; 0 with fewer than two values or a mean of
     * 0, where it means nothing.
     */
    public static double coefficientOfVariation(List<Double> values) {
        return coefficientOfVariation(values, values.stream().mapToDouble(Double::doubleValue).average().orElse(0));
    }

    /** {@link #coefficientOfVariation(List)} around a mean the caller already has. */
    public static double coefficientOfVariation(List<Double> values, double mean) {
        if (values.size() < 2 || mean == 0) {
            return 0;
        }
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.size() - 1)) / mean;
    }

    /** The middle value, or the mean of the two middle ones for an even count. */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the median of no values");
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

}
