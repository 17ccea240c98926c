package dev.perflab.lab.verdict;

import java.util.List;
import java.util.Locale;

/**
 * Where a step's noise lies, and where the next minutes narrow its interval most: its log
 * ratios window by window, pass by pass, split into the spread between passes (restarts,
 * JIT decisions, ports) and the spread between a pass's windows (collections, timer
 * ticks, the machine's neighbours) by a one-way random-effects analysis of variance, as
 * Kalibera &amp; Jones size benchmark repetitions level by level ("Rigorous benchmarking
 * in reasonable time", ISMM 2013).
 *
 * <p>
 * With {@code k} windows a pass, a pass's mean log ratio varies by {@code σ²b + σ²w / k};
 * a pass costs {@code cPass} (starts and warm-ups) plus {@code k · cWindow}. For a fixed
 * budget the variance of the mean over passes is least at
 * {@code k* = √((cPass / cWindow) · (σ²w / σ²b))}.
 *
 * @param passes passes that measured the step
 * @param windows windows a pass (the fewest of any pass)
 * @param betweenPass σ²b, the variance of a pass's true level, in (log ratio)²
 * @param withinPass σ²w, the variance of one window around its pass's level
 */
public record NoiseBudget(int passes, int windows, double betweenPass, double withinPass) {

    /**
     * The split of one step's log ratios, {@code logRatios.get(p).get(w)} the log of B/A
     * in window w of pass p. At least two passes of at least two windows each; a pass
     * with more windows than the fewest is read to the fewest (the analysis wants them
     * alike).
     */
    public static NoiseBudget of(List<List<Double>> logRatios) {
        int p = logRatios.size();
        int k = logRatios.stream().mapToInt(List::size).min().orElse(0);
        if (p < 2 || k < 2) {
            throw new IllegalArgumentException(
                    "a noise budget needs two passes of two windows or more, not " + p + " of " + k);
        }
        double[] means = new double[p];
        double within = 0;
        for (int i = 0; i < p; i++) {
            List<Double> pass = logRatios.get(i).subList(0, k);
            double mean = pass.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            means[i] = mean;
            within += pass.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        }
        double msWithin = within / (p * (k - 1));
        double grand = java.util.Arrays.stream(means).average().orElseThrow();
        double msBetween = k * java.util.Arrays.stream(means).map(m -> (m - grand) * (m - grand)).sum() / (p - 1);
        // the method-of-moments estimate: the passes' spread beyond what their windows
        // alone would give; below it the data show no between-pass component at all
        return new NoiseBudget(p, k, Math.max(0, (msBetween - msWithin) / k), msWithin);
    }

    /** The sd of one pass's mean log ratio with {@code k} windows. */
    public double perPassSd(int k) {
        return Math.sqrt(betweenPass + withinPass / k);
    }

    /**
     * Windows a pass that narrow the interval most for the time spent, between 1 and
     * {@code most}: with no between-pass component measured, {@code most}.
     */
    public int bestWindows(double passCost, double windowCost, int most) {
        if (betweenPass <= 0) {
            return most;
        }
        double best = Math.sqrt(passCost / windowCost * withinPass / betweenPass);
        return (int) Math.max(1, Math.min(most, Math.round(best)));
    }

    /**
     * The fewest passes whose 95 % interval of the ratio reaches ±{@code halfWidth} (a
     * fraction) with {@code k} windows a pass, no more than {@code most};
     * {@code most + 1} when even those do not.
     */
    public int passesFor(double halfWidth, int k, int most) {
        double target = Math.log1p(halfWidth);
        double sd = perPassSd(k);
        for (int n = 2; n <= most; n++) {
            if (Estimate.tQuantile(n - 1) * sd / Math.sqrt(n) <= target) {
                return n;
            }
        }
        return most + 1;
    }

    /**
     * Stein's two-stage rule (Ann. Math. Stat. 16, 1945): after a first stage of
     * {@code first} passes whose per-pass sd was {@code sd} (of the log ratio), the total
     * passes that give a 95 % interval of ±{@code halfWidth}: {@code ⌈(t · sd / ln(1 +
     * h))²⌉}, t with first - 1 degrees of freedom, never fewer than {@code first}. Its
     * interval keeps its coverage because the count depends on the first stage's spread
     * only, never on its mean: the final interval is the mean of all passes ± t(first -
     * 1) · sd / √total.
     */
    public static int steinTotal(int first, double sd, double halfWidth) {
        if (first < 2) {
            throw new IllegalArgumentException("Stein's rule needs a first stage of two passes or more, not " + first);
        }
        double t = Estimate.tQuantile(first - 1);
        double needed = Math.pow(t * sd / Math.log1p(halfWidth), 2);
        return (int) Math.max(first, Math.ceil(needed - 1e-9));
    }

    /** "between passes 1.2 %, within a pass 2.5 % a window (sd of the log ratio)". */
    public String describe() {
        return String.format(Locale.ROOT, "between passes %.1f %%, within a pass %.1f %% a window",
                100 * Math.sqrt(betweenPass), 100 * Math.sqrt(withinPass));
    }

}
