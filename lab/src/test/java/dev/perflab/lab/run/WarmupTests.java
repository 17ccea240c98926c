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
}
