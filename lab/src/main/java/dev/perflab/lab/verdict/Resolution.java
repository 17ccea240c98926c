package dev.perflab.lab.verdict;

import java.util.Locale;

/**
 * What a paired plan can tell apart before it runs: the half-width of the 95 % interval
 * that its passes give a step at the widest per-pass spread measured here. A plan that
 * cannot resolve its gate says so before it starts: two passes leave t(1) = 12.7, so an
 * interval of about ±30 % in which a step costlier by 5 % passes FAIL_ON=5% unseen.
 */
public final class Resolution {

    /**
     * The widest per-pass spread (sd of the log ratio) of a gateway step measured here:
     * 3.1 %, make lab at 915b91d on the 2-core VM, 400 req/s a side, two 8-second windows
     * a pass (its steps 0.4 to 3.1 %; README "What it found"). The duets with nginx
     * spread wider (4 to 5 %), the closed loop of make compare narrower (±1.3 % over six
     * passes of a gateway against nginx).
     */
    public static final double WIDEST_PER_PASS_SD = 0.031;

    private Resolution() {
    }

    /**
     * The 95 % half-width, as a fraction, of a ratio over {@code passes} at this spread.
     */
    public static double halfWidth(int passes, double perPassSd) {
        return Math.exp(Estimate.tQuantile(passes - 1) * perPassSd / Math.sqrt(passes)) - 1;
    }

    /**
     * The line a paired plan prints before it starts; when a FAIL_ON gate asks for less
     * than the plan resolves, it says so and names the passes that would.
     * @param threshold FAIL_ON as a fraction, NaN for none
     */
    public static String line(int passes, double threshold, String failOnText) {
        double half = halfWidth(passes, WIDEST_PER_PASS_SD);
        String line = String.format(Locale.ROOT,
                "Resolution: %d passes tell a step apart to about ±%.1f %% (95 %% interval, at the widest per-pass "
                        + "spread of a gateway step measured here, %.1f %%; duets with nginx spread wider)",
                passes, 100 * half, 100 * WIDEST_PER_PASS_SD);
        if (Double.isNaN(threshold) || half <= threshold) {
            return line;
        }
        int enough = passes;
        while (enough < 200 && halfWidth(enough, WIDEST_PER_PASS_SD) > threshold) {
            enough++;
        }
        return line + String.format(Locale.ROOT,
                ". FAIL_ON=%s asks for ±%.1f %%, finer than that: a step costlier by %s can pass unseen; "
                        + "PASSES=%d or more resolve it",
                failOnText, 100 * threshold, failOnText, enough);
    }

}
