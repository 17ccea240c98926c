package dev.perflab.lab.verdict;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The cv between passes and the median half-width, as the report prints them. */
class SpreadTests {

    @Test
    void theCoefficientOfVariationUsesTheSampleStandardDeviation() {
        // sd with n - 1: sqrt(((1-2)^2 + 0 + (3-2)^2) / 2) = 1, over the mean 2
        assertThat(Spread.coefficientOfVariation(List.of(1.0, 2.0, 3.0))).isCloseTo(0.5, within(1e-12));
        assertThat(Spread.coefficientOfVariation(List.of(0.121, 0.145))).isCloseTo(0.1276, within(1e-4));
        assertThat(Spread.coefficientOfVariation(List.of(4.0, 6.0), 5.0)).isCloseTo(Math.sqrt(2) / 5, within(1e-12));
    }

    @Test
    void oneValueOrAMeanOfZeroHasNoSpread() {
        assertThat(Spread.coefficientOfVariation(List.of(7.0))).isZero();
        assertThat(Spread.coefficientOfVariation(List.of())).isZero();
        assertThat(Spread.coefficientOfVariation(List.of(-1.0, 1.0))).isZero();
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Spread.median(List.of(9.0, 1.0, 5.0))).isEqualTo(5.0);
        assertThat(Spread.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
        assertThat(Spread.median(List.of(0.7))).isEqualTo(0.7);
        assertThatThrownBy(() -> Spread.median(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

}
