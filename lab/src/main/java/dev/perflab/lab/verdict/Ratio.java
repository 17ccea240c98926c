package dev.perflab.lab.verdict;

import java.util.List;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;

/**
 * After over before, with a 95 % interval, and the verdict it allows. The interval is
 * Welch's for the difference of the two samples' mean logarithms, turned back into a
 * ratio (of geometric means): it needs no equal variances or equal counts, and a ratio's
 * interval is not symmetric. With fewer than two values on either side there is no
 * interval and no verdict.
 *
 * @param verdict in the metric's words ({@link Quantity}): faster or slower for req/s,
 * cheaper or costlier for CPU per request, fewer or more for bytes per request
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Ratio(double ratio, Double low, Double high, Verdict verdict) {

    public static Ratio of(List<Double> before, List<Double> after, Quantity quantity) {
        double[] b = logs(before);
        double[] a = logs(after);
        double ratio = Math.exp(Mean.of(a).getAsDouble() - Mean.of(b).getAsDouble());
        if (a.length < 2 || b.length < 2) {
            return new Ratio(Estimate.round(ratio), null, null, null);
        }
        double va = Variance.of(a).getAsDouble() / a.length;
        double vb = Variance.of(b).getAsDouble() / b.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? a.length + b.length - 2
                : Math.pow(va + vb, 2) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double halfWidth = Estimate.tQuantile(df) * se;
        double diff = Math.log(ratio);
        double low = Math.exp(diff - halfWidth);
        double high = Math.exp(diff + halfWidth);
        Verdict verdict = quantity.judge(low, high);
        return new Ratio(Estimate.round(ratio), Estimate.round(low), Estimate.round(high), verdict);
    }

    /**
     * The same ratio and interval without a verdict: an interval that does not cover what
     * a verdict needs (the windows of one start).
     */
    public Ratio withoutVerdict() {
        return new Ratio(ratio, low, high, null);
    }

    /** {@link #withoutVerdict()} of a ratio that may be missing. */
    public static Ratio withoutVerdict(Ratio ratio) {
        return ratio == null ? null : ratio.withoutVerdict();
    }

    /**
     * The ratio with its verdict in this quantity's words: a file written before the
     * words depended on the metric said faster for a cheaper CPU per request.
     */
    public static Ratio in(Ratio ratio, Quantity quantity) {
        return ratio == null || ratio.verdict == null ? ratio
                : new Ratio(ratio.ratio, ratio.low, ratio.high, quantity.words(ratio.verdict));
    }

    private static double[] logs(List<Double> values) {
        return values.stream().mapToDouble(v -> Math.log(Math.max(v, Double.MIN_NORMAL))).toArray();
    }

    /** "1.12 × [1.05, 1.19], cheaper" or "1.12 × (no interval)". */
    public String describe() {
        if (low == null) {
            return String.format(Locale.ROOT, "%.2f × (no interval: one window)", ratio);
        }
        if (verdict == null) {
            return String.format(Locale.ROOT, "%.2f × [%.2f, %.2f] within one start, no verdict", ratio, low, high);
        }
        return String.format(Locale.ROOT, "%.2f × [%.2f, %.2f], %s", ratio, low, high, verdict.words());
    }
}
