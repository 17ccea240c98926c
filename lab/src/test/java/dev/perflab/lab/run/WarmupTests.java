package dev.perflab.lab.run;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WarmupTests {

    @Test
    void steadyWhenTheLastThreeProbesAgreeWithinThreePercent() {
        assertThat(Warmup.steady(List.of(500.0, 1400.0, 2000.0, 2010.0, 2030.0))).isTrue();
        assertThat(Warmup.steady(List.of(2000.0, 2030.0))).as("fewer than three probes").isFalse();
        assertThat(Warmup.steady(List.of(1400.0, 2000.0, 2010.0))).as("still climbing").isFalse();
        assertThat(Warmup.steady(List.of(2000.0, 2100.0, 2000.0))).as("5 % apart").isFalse();
        assertThat(Warmup.steady(List.of(0.0, 0.0, 0.0))).as("nothing measured").isFalse();
    }

    @Test
    void aTenSecondWarmUpWouldHaveReadTheMeanOfTheFirstTwoFiveSecondProbes() {
        List<Double> probes = List.of(600.0, 1400.0, 2500.0, 2900.0, 2950.0, 2930.0);
        assertThat(Warmup.coldReading(probes, 5, 10)).isEqualTo(1000.0);
        assertThat(Warmup.coldReading(probes, 2, 10)).as("five 2 s probes").isEqualTo(2070.0);
        assertThat(Warmup.coldReading(List.of(600.0), 5, 10)).as("the probes do not cover 10 s").isNull();
        assertThat(Warmup.coldReading(probes, 0, 10)).as("unknown probe length").isNull();
    }
}
