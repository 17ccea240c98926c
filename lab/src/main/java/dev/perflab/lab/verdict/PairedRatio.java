package dev.perflab.lab.verdict;

import java.util.List;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * B against A when both were measured at the same time: one ratio B/A per pass, in which
 * whatever the machine did to both sides in those seconds cancels; their geometric mean
 * with a 95 % t-interval over the passes (a paired test on log ratios: df = passes - 1),
 * and the verdict it allows. With fewer than two passes there is no interval and no
 * verdict.
 *
 * @param verdict in the metric's words ({@link Quantity}): cheaper or costlier for CPU
 * per request, fewer or more for bytes, faster or slower for latency and req/s
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PairedRatio(double ratio, Double low, Double high, int passes, Verdict verdict,
        @JsonProperty("per_pass") List<Double> perPass) {

    public static PairedRatio of(List<Double> ratios, Quantity quantity) {
        if (ratios.isEmpty() || ratios.stream().anyMatch(r -> !(r > 0) || r.isInfinite())) {
            throw new IllegalArgumentException("paired ratios must be positive and finite, got " + ratios);
        }
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        double mean = Mean.of(logs).getAsDouble();
        List<Double> rounded = ratios.stream().map(Estimate::round).toList();
        if (logs.length < 2) {
            return new PairedRatio(Estimate.round(Math.exp(mean)), null, null, logs.length, null, rounded);
        }
        double halfWidth = Estimate.tQuantile(logs.length - 1)
                * Math.sqrt(Variance.of(logs).getAsDouble() / logs.length);
        return judged(mean, halfWidth, rounded, quantity);
    }

    /**
     * The ratio exp(mean) with the interval mean ± halfWidth on the log scale, and the
     * verdict it allows.
     */
    private static PairedRatio judged(double mean, double halfWidth, List<Double> rounded, Quantity quantity) {
        double low = Math.exp(mean - halfWidth);
        double high = Math.exp(mean + halfWidth);
        Verdict verdict = quantity.judge(low, high);
        return new PairedRatio(Estimate.round(Math.exp(mean)), Estimate.round(low), Estimate.round(high),
                rounded.size(), verdict, rounded);
    }

    /**
     * B against A from passes measured in two orders (a crossover): in a chain of duets
     * the rung warmed up last is B in the passes that walk up the ladder and A in those
     * that walk down, and it costs a little more in its first duet. The order is a factor
     * of its own: the ratio is the mean of the two orders' geometric means, its interval
     * a t-interval on the passes' spread within each order (df = passes - 2), so a
     * difference between the orders neither biases the ratio nor widens its interval as
     * noise would. With as many passes in each order, as {@link #of}: the mean is the
     * same, and an interval over all the passes keeps one more degree of freedom (t =
     * 3.18 instead of 4.30 for four passes) while a difference between the orders can
     * only widen it, never narrow it. With fewer than two passes in either order, as
     * {@link #of} too.
     * @param first for each pass, whether it was measured in the first order
     */
    public static PairedRatio crossover(List<Double> ratios, List<Boolean> first, Quantity quantity) {
        if (ratios.size() != first.size()) {
            throw new IllegalArgumentException("one order per pass: " + ratios.size() + " ratios, " + first.size());
        }
        long firsts = first.stream().filter(f -> f).count();
        if (firsts < 2 || ratios.size() - firsts < 2 || firsts * 2 == ratios.size()) {
            return of(ratios, quantity);
        }
        if (ratios.stream().anyMatch(r -> !(r > 0) || r.isInfinite())) {
            throw new IllegalArgumentException("paired ratios must be positive and finite, got " + ratios);
        }
        double[] meanOf = new double[2];
        int[] count = new int[2];
        for (int i = 0; i < ratios.size(); i++) {
            int order = first.get(i) ? 0 : 1;
            meanOf[order] += Math.log(ratios.get(i));
            count[order]++;
        }
        meanOf[0] /= count[0];
        meanOf[1] /= count[1];
        double squares = 0;
        for (int i = 0; i < ratios.size(); i++) {
            double residual = Math.log(ratios.get(i)) - meanOf[first.get(i) ? 0 : 1];
            squares += residual * residual;
        }
        int df = ratios.size() - 2;
        double mean = (meanOf[0] + meanOf[1]) / 2;
        double halfWidth = Estimate.tQuantile(df) * Math.sqrt(squares / df * (1.0 / count[0] + 1.0 / count[1]) / 4);
        return judged(mean, halfWidth, ratios.stream().map(Estimate::round).toList(), quantity);
    }

    /**
     * The ratio of the last rung of a chain to its first: the chain's steps multiplied
     * pass by pass (each pass's steps were measured in that pass, so the product is that
     * pass's ratio), with its interval over the passes; null when a step has no per-pass
     * ratios or the steps have different passes.
     */
    public static PairedRatio product(List<PairedRatio> steps, Quantity quantity) {
        double[] product = null;
        for (PairedRatio step : steps) {
            List<Double> passes = step == null ? null : step.perPass();
            if (passes == null || passes.isEmpty() || product != null && product.length != passes.size()) {
                return null;
            }
            if (product == null) {
                product = passes.stream().mapToDouble(Double::doubleValue).toArray();
            }
            else {
                for (int i = 0; i < product.length; i++) {
                    product[i] *= passes.get(i);
                }
            }
        }
        return product == null ? null : of(java.util.Arrays.stream(product).boxed().toList(), quantity);
    }

    /**
     * Half the interval's width in % (the larger side of the ratio's asymmetric
     * interval): the smallest change these passes can tell.
     */
    @JsonProperty(value = "half_width_pct", access = JsonProperty.Access.READ_ONLY)
    public Double halfWidthPercent() {
        return low == null ? null : Estimate.round(Math.max(high / ratio - 1, 1 - low / ratio) * 100);
    }

    /**
     * Whether B is significantly worse than A by more than {@code threshold} (0.05 for 5
     * %). False without a verdict: a gate must ask {@link #verdict()} first, as one that
     * cannot decide does not hold.
     */
    public boolean worseBeyond(double threshold, boolean higherIsBetter) {
        if (verdict == null || !verdict.worse()) {
            return false;
        }
        return higherIsBetter ? ratio < 1 - threshold : ratio > 1 + threshold;
    }

    /** "1.944 × [1.896, 1.992]": the ratio and its interval, without a verdict's word. */
    public String interval() {
        return low == null ? String.format(Locale.ROOT, "%.3f × (no interval)", ratio)
                : String.format(Locale.ROOT, "%.3f × [%.3f, %.3f]", ratio, low, high);
    }

    /**
     * "1.12 × [1.05, 1.19], costlier", "1.12 × (no interval: one pass)", or "1.12 × (no
     * verdict)" when one was withheld (the reason is said beside it).
     */
    public String describe() {
        if (low == null) {
            return String.format(Locale.ROOT, passes < 2 ? "%.3f × (no interval: one pass)" : "%.3f × (no verdict)",
                    ratio);
        }
        return String.format(Locale.ROOT, "%.3f × [%.3f, %.3f], %s", ratio, low, high, verdict.words());
    }
}
