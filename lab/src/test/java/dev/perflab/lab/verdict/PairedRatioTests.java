package dev.perflab.lab.verdict;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairedRatioTests {

    /** Student's t, two-sided 95 %, 3 degrees of freedom (tables: 3.182). */
    private static final double T3 = 3.182446;

    @Test
    void theIntervalIsStudentsOverThePassesLogRatios() {
        List<Double> ratios = List.of(1.10, 1.12, 1.09, 1.11);
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        double mean = (logs[0] + logs[1] + logs[2] + logs[3]) / 4;
        double ss = 0;
        for (double log : logs) {
            ss += (log - mean) * (log - mean);
        }
        double halfWidth = T3 * Math.sqrt(ss / 3 / 4);
        PairedRatio paired = PairedRatio.of(ratios, Quantity.COST);
        assertThat(paired.ratio()).isCloseTo(Math.exp(mean), within(1e-4));
        assertThat(paired.low()).isCloseTo(Math.exp(mean - halfWidth), within(1e-4));
        assertThat(paired.high()).isCloseTo(Math.exp(mean + halfWidth), within(1e-4));
        assertThat(paired.passes()).isEqualTo(4);
        assertThat(paired.verdict()).as("a cost 10 % higher in every pass").isEqualTo(Verdict.COSTLIER);
        assertThat(PairedRatio.of(ratios, Quantity.RATE).verdict()).as("a rate 10 % higher").isEqualTo(Verdict.FASTER);
        assertThat(paired.describe()).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f × [%.3f, %.3f], costlier",
                paired.ratio(), paired.low(), paired.high()));
    }

    /**
     * Up the ladder the fresh rung is B and reads 3.5 % high, down the ladder it is A:
     * with three passes up and two down the order is a factor, so the ratio is the mean
     * of the orders' means and the interval comes from the spread within each order, with
     * two degrees of freedom fewer.
     */
    @Test
    void aCrossoverTakesTheOrderOutOfTheRatioAndOutOfItsSpread() {
        List<Double> ratios = List.of(1.06, 0.985, 1.055, 0.98, 1.058);
        List<Boolean> up = List.of(true, false, true, false, true);
        PairedRatio crossover = PairedRatio.crossover(ratios, up, Quantity.COST);
        double upMean = (Math.log(1.06) + Math.log(1.055) + Math.log(1.058)) / 3;
        double downMean = (Math.log(0.985) + Math.log(0.98)) / 2;
        double ss = Math.pow(Math.log(1.06) - upMean, 2) + Math.pow(Math.log(1.055) - upMean, 2)
                + Math.pow(Math.log(1.058) - upMean, 2) + Math.pow(Math.log(0.985) - downMean, 2)
                + Math.pow(Math.log(0.98) - downMean, 2);
        double halfWidth = T3 * Math.sqrt(ss / 3 * (1.0 / 3 + 1.0 / 2) / 4);
        double mean = (upMean + downMean) / 2;
        assertThat(crossover.ratio()).isCloseTo(Math.exp(mean), within(1e-4));
        assertThat(crossover.low()).isCloseTo(Math.exp(mean - halfWidth), within(1e-4));
        assertThat(crossover.high()).isCloseTo(Math.exp(mean + halfWidth), within(1e-4));
        assertThat(crossover.verdict()).isEqualTo(Verdict.COSTLIER);
        assertThat(crossover.halfWidthPercent()).as("the orders' 7 %% apart are not noise").isLessThan(1.0);
        PairedRatio plain = PairedRatio.of(ratios, Quantity.COST);
        assertThat(plain.verdict()).as("read as noise, the order hides the step").isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(PairedRatio.crossover(ratios, List.of(true, true, true, true, true), Quantity.COST))
            .as("one order only: the passes' own interval")
            .isEqualTo(plain);
        assertThat(PairedRatio.crossover(List.of(1.06, 0.98), List.of(true, false), Quantity.COST))
            .isEqualTo(PairedRatio.of(List.of(1.06, 0.98), Quantity.COST));
        assertThatThrownBy(() -> PairedRatio.crossover(ratios, List.of(true), Quantity.COST))
            .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * As many passes in each order: the crossover's mean is the plain mean, and the plain
     * interval keeps a degree of freedom; an order effect widens it (it is read as
     * spread), so it still covers the step.
     */
    @Test
    void balancedOrdersKeepTheDegreeOfFreedomAndAnOrderEffectOnlyWidens() {
        List<Boolean> up = List.of(true, false, true, false);
        List<Double> noOrder = List.of(1.05, 1.02, 1.03, 1.04);
        assertThat(PairedRatio.crossover(noOrder, up, Quantity.COST)).isEqualTo(PairedRatio.of(noOrder, Quantity.COST));
        double[] logs = noOrder.stream().mapToDouble(Math::log).toArray();
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double ss = java.util.Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum();
        double halfWidth = T3 * Math.sqrt(ss / 3 / 4);
        assertThat(PairedRatio.crossover(noOrder, up, Quantity.COST).high()).isCloseTo(Math.exp(mean + halfWidth),
                within(1e-4));
        List<Double> order = List.of(1.05 * 1.03, 1.02 / 1.03, 1.03 * 1.03, 1.04 / 1.03);
        PairedRatio withOrder = PairedRatio.crossover(order, up, Quantity.COST);
        assertThat(withOrder.ratio()).isCloseTo(PairedRatio.of(noOrder, Quantity.COST).ratio(), within(1e-3));
        assertThat(withOrder.halfWidthPercent())
            .isGreaterThan(PairedRatio.of(noOrder, Quantity.COST).halfWidthPercent());
    }

    @Test
    void passesOnBothSidesOfOneAreNoDifferenceAndASmallerCostIsCheaper() {
        assertThat(PairedRatio.of(List.of(0.98, 1.03, 1.01, 0.99), Quantity.COST).verdict())
            .isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(PairedRatio.of(List.of(0.90, 0.91, 0.89), Quantity.COST).verdict()).isEqualTo(Verdict.CHEAPER);
    }

    @Test
    void onePassHasNoIntervalAndNoVerdict() {
        PairedRatio one = PairedRatio.of(List.of(1.2), Quantity.COST);
        assertThat(one.low()).isNull();
        assertThat(one.verdict()).isNull();
        assertThat(one.worseBeyond(0.05, false)).isFalse();
        assertThat(one.describe()).isEqualTo("1.200 × (no interval: one pass)");
    }

    @Test
    void theGateFailsOnlyASignificantChangeBeyondItsThreshold() {
        PairedRatio tenPerCent = PairedRatio.of(List.of(1.10, 1.12, 1.09, 1.11), Quantity.COST);
        assertThat(tenPerCent.worseBeyond(0.05, false)).isTrue();
        assertThat(tenPerCent.worseBeyond(0.15, false)).as("significant, but within 15 %").isFalse();
        assertThat(PairedRatio.of(List.of(0.98, 1.03, 1.01, 0.99), Quantity.COST).worseBeyond(0.0, false))
            .as("no verdict of costlier")
            .isFalse();
    }

    @Test
    void aRatioThatIsNotAPositiveNumberIsRefused() {
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 0.0), Quantity.COST))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, Double.NaN), Quantity.COST))
            .isInstanceOf(IllegalArgumentException.class);
    }

}
