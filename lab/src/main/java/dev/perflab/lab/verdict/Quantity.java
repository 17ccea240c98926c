package dev.perflab.lab.verdict;

/**
 * What kind of figure a metric is, which decides the words of its verdict: a speed
 * (req/s, higher is better), a latency (lower is better), a cost (CPU ms per request) or
 * a count (bytes allocated per request). A cost is cheaper or costlier and a count fewer
 * or more, never faster or slower.
 */
public enum Quantity {

    RATE(true, Verdict.FASTER, Verdict.SLOWER), LATENCY(false, Verdict.FASTER, Verdict.SLOWER),
    COST(false, Verdict.CHEAPER, Verdict.COSTLIER), COUNT(false, Verdict.FEWER, Verdict.MORE);

    private final boolean higherIsBetter;

    private final Verdict better;

    private final Verdict worse;

    Quantity(boolean higherIsBetter, Verdict better, Verdict worse) {
        this.higherIsBetter = higherIsBetter;
        this.better = better;
        this.worse = worse;
    }

    /** Whether a ratio above 1 is the better one (req/s). */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The verdict a 95 % interval [low, high] of a ratio B/A allows. */
    public Verdict judge(double low, double high) {
        if (low > 1) {
            return higherIsBetter ? better : worse;
        }
        if (high < 1) {
            return higherIsBetter ? worse : better;
        }
        return Verdict.NO_DIFFERENCE;
    }

    /**
     * A verdict in this quantity's words: an old file's faster for a cost reads cheaper.
     */
    public Verdict words(Verdict verdict) {
        if (verdict == null || verdict == Verdict.NO_DIFFERENCE) {
            return verdict;
        }
        return verdict.better() ? better : worse;
    }

}
