package dev.perflab.lab.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The interval of a run that adds passes after its planned ones until it is narrow
 * enough: the planned look reads as before, every later look with the planned passes'
 * spread, and each keeps its 95 % whatever the run stops on.
 */
class SequentialLooksTests {

    /** Student's t, two-sided 95 %, 3 degrees of freedom. */
    private static final double T3 = 3.182446;

    private static List<Boolean> alternating(int n) {
        List<Boolean> upward = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            upward.add(i % 2 == 0);
        }
        return upward;
    }

    @Test
    void atThePlannedLookTheIntervalIsTheOrdinaryOne() {
        List<Double> ratios = List.of(1.02, 0.99, 1.05, 1.01);
        PairedRatio planned = SequentialLooks.ratio(ratios, alternating(4), 4, Quantity.COST);
        assertThat(planned).isEqualTo(PairedRatio.crossover(ratios, alternating(4), Quantity.COST));
        assertThat(SequentialLooks.level(4, 4)).isEqualTo(0.95);
    }

    @Test
    void beyondItTheHalfWidthIsThePlannedPassesSpreadOverAllPasses() {
        List<Double> logs = List.of(0.02, -0.01, 0.05, 0.01, 0.03, 0.02);
        List<Double> ratios = logs.stream().map(Math::exp).toList();
        PairedRatio six = SequentialLooks.ratio(ratios, alternating(6), 4, Quantity.COST);
        double first = (0.02 - 0.01 + 0.05 + 0.01) / 4;
        double squares = 0;
        for (double log : logs.subList(0, 4)) {
            squares += (log - first) * (log - first);
        }
        double sd = Math.sqrt(squares / 3);
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertThat(six.passes()).isEqualTo(6);
        assertThat(six.ratio()).isCloseTo(Math.exp(mean), within(1e-4));
        assertThat(six.low()).isCloseTo(Math.exp(mean - T3 * sd / Math.sqrt(6)), within(1e-4));
        assertThat(six.high()).isCloseTo(Math.exp(mean + T3 * sd / Math.sqrt(6)), within(1e-4));
        // the last two passes agree closely, yet they narrow the interval by √(4/6)
        // alone:
        // their own spread does not enter it
        PairedRatio four = SequentialLooks.ratio(ratios.subList(0, 4), alternating(4), 4, Quantity.COST);
        double widthFour = Math.log(four.high() / four.low());
        double widthSix = Math.log(six.high() / six.low());
        assertThat(widthSix / widthFour).isCloseTo(Math.sqrt(4.0 / 6), within(0.005));
        assertThat(SequentialLooks.halfWidth(4, sd, 6)).isCloseTo(Math.exp(T3 * sd / Math.sqrt(6)) - 1, within(1e-6));
    }

    @Test
    void aLookNeedsTwoPasses() {
        assertThatThrownBy(() -> SequentialLooks.level(1, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Normal log ratios (sd 3 %), four planned passes, then one pass more at a time until
     * the interval reaches ±1.5 % or sixteen passes: the interval keeps its 95 % at every
     * fixed look and under that stopping; the same stopping with each look's own spread
     * (Chow and Robbins' fixed-width interval) does not, as a run stops when its spread
     * happens to read small.
     */
    @Test
    void eachLookKeepsItsCoverageUnderStoppingOnTheWidth() {
        Random random = new Random(53);
        int runs = 4000;
        int most = 16;
        double truth = 0.05;
        int[] coveredAt = new int[most + 1];
        int stopped = 0;
        int ownSpread = 0;
        for (int run = 0; run < runs; run++) {
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < most; i++) {
                ratios.add(Math.exp(truth + 0.03 * random.nextGaussian()));
            }
            for (int look = 4; look <= most; look++) {
                PairedRatio at = SequentialLooks.ratio(ratios.subList(0, look), alternating(look), 4, Quantity.COST);
                if (covers(at, truth)) {
                    coveredAt[look]++;
                }
            }
            int look = 4;
            PairedRatio at = SequentialLooks.ratio(ratios.subList(0, look), alternating(look), 4, Quantity.COST);
            while (at.halfWidthPercent() > 1.5 && look < most) {
                look++;
                at = SequentialLooks.ratio(ratios.subList(0, look), alternating(look), 4, Quantity.COST);
            }
            stopped += covers(at, truth) ? 1 : 0;
            int naive = 4;
            PairedRatio own = PairedRatio.of(ratios.subList(0, naive), Quantity.COST);
            while (own.halfWidthPercent() > 1.5 && naive < most) {
                naive++;
                own = PairedRatio.of(ratios.subList(0, naive), Quantity.COST);
            }
            ownSpread += covers(own, truth) ? 1 : 0;
        }
        for (int look = 4; look <= most; look++) {
            assertThat(coveredAt[look] / (double) runs).as("coverage at look %d", look).isBetween(0.935, 0.965);
        }
        assertThat(stopped / (double) runs).as("coverage where the run stopped").isBetween(0.935, 0.965);
        assertThat(ownSpread / (double) runs).as("each look's own spread, stopping on it").isLessThan(0.93);
    }

    private static boolean covers(PairedRatio ratio, double truth) {
        return ratio.low() <= Math.exp(truth) && Math.exp(truth) <= ratio.high();
    }

}
