package dev.perflab.lab.verdict;

import java.util.List;

/**
 * A ratio's 95 % interval when a run may add passes after its planned ones until the
 * interval is narrow enough: Stein's two-stage rule (Ann. Math. Stat. 16, 1945), with the
 * first {@code planned} passes as its first stage.
 *
 * <p>
 * At the planned look the interval is the ordinary one ({@link PairedRatio#crossover}).
 * After it, at every look n, the ratio is the mean over all n passes and its half-width
 * {@code t(df₁) · s₁ · √(1/n)} (for the two directions' means,
 * {@code √((1/n₀ + 1/n₁)/4)}), with s₁ and df₁ the spread of the planned passes alone,
 * read as the planned look reads it. For normal log ratios, the mean of n passes is
 * independent of every spread read from them (the spreads are functions of the
 * residuals), so whatever rule stops on the spreads, the studentized mean with the first
 * stage's s₁ is Student's t with df₁ degrees of freedom: each look keeps 95 %, and no
 * error is split over the looks. The interval with the last look's own spread would not:
 * a run that stops when the spread happens to read small under-covers (Chow and Robbins'
 * fixed-width intervals are only asymptotically right).
 */
public final class SequentialLooks {

    private SequentialLooks() {
    }

    /** The confidence of the interval at every look. */
    public static double level(int look, int planned) {
        if (look < 2 || planned < 2) {
            throw new IllegalArgumentException("a look needs two passes or more, not " + look + " of " + planned);
        }
        return Estimate.CONFIDENCE;
    }

    /**
     * B against A over {@code ratios} (one a pass, in order), the first {@code planned}
     * of them the first stage; {@code upward} each pass's direction.
     */
    public static PairedRatio ratio(List<Double> ratios, List<Boolean> upward, int planned, Quantity quantity) {
        if (ratios.size() <= planned || planned < 2) {
            return PairedRatio.crossover(ratios, upward, quantity);
        }
        if (ratios.stream().anyMatch(r -> !(r > 0) || r.isInfinite())) {
            throw new IllegalArgumentException("paired ratios must be positive and finite, got " + ratios);
        }
        double[] spread = firstStage(ratios.subList(0, planned), upward.subList(0, planned));
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        boolean crossover = spread[2] > 0;
        double[] sum = new double[2];
        int[] count = new int[2];
        for (int i = 0; i < logs.length; i++) {
            int order = upward.get(i) ? 0 : 1;
            sum[order] += logs[i];
            count[order]++;
        }
        double mean;
        double factor;
        if (crossover) {
            mean = (sum[0] / count[0] + sum[1] / count[1]) / 2;
            factor = Math.sqrt((1.0 / count[0] + 1.0 / count[1]) / 4);
        }
        else {
            mean = (sum[0] + sum[1]) / logs.length;
            factor = Math.sqrt(1.0 / logs.length);
        }
        double halfWidth = Estimate.tQuantile(spread[1]) * spread[0] * factor;
        double low = Math.exp(mean - halfWidth);
        double high = Math.exp(mean + halfWidth);
        return new PairedRatio(Estimate.round(Math.exp(mean)), Estimate.round(low), Estimate.round(high), ratios.size(),
                quantity.judge(low, high), ratios.stream().map(Estimate::round).toList());
    }

    /**
     * The first stage's spread of the log ratio, one pass's sd, its degrees of freedom
     * and 1 when read within each direction, as {@link PairedRatio#crossover} reads them:
     * within each direction with passes - 2 degrees of freedom when the directions are
     * unequal and each has two, over all passes with passes - 1 otherwise. The mean of
     * all passes is then taken the same way (the two directions' means, or all passes
     * alike), so that it is independent of that spread.
     */
    static double[] firstStage(List<Double> ratios, List<Boolean> upward) {
        long ups = upward.stream().filter(u -> u).count();
        int n = ratios.size();
        boolean crossover = ups >= 2 && n - ups >= 2 && ups * 2 != n;
        double[] sum = new double[2];
        int[] count = new int[2];
        for (int i = 0; i < n; i++) {
            int order = crossover && !upward.get(i) ? 1 : 0;
            sum[order] += Math.log(ratios.get(i));
            count[order]++;
        }
        double squares = 0;
        for (int i = 0; i < n; i++) {
            int order = crossover && !upward.get(i) ? 1 : 0;
            double residual = Math.log(ratios.get(i)) - sum[order] / count[order];
            squares += residual * residual;
        }
        int df = crossover ? n - 2 : n - 1;
        return new double[] { Math.sqrt(squares / df), df, crossover ? 1 : 0 };
    }

    /**
     * The half-width, as a fraction, that n passes reach after a first stage of
     * {@code planned} passes whose per-pass sd was {@code sd}: what a run may promise
     * before it adds a pass.
     */
    public static double halfWidth(int planned, double sd, int n) {
        return Math.exp(Estimate.tQuantile(planned - 1) * sd / Math.sqrt(n)) - 1;
    }

}
