package dev.perflab.lab.run;

import java.util.List;

import dev.perflab.lab.result.RungResult;
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
        assertThat(RungResult.WarmupSummary.coldReading(probes, 5, 10)).isEqualTo(1000.0);
        assertThat(RungResult.WarmupSummary.coldReading(probes, 2, 10)).as("five 2 s probes").isEqualTo(2070.0);
        assertThat(RungResult.WarmupSummary.coldReading(List.of(600.0), 5, 10)).as("the probes do not cover 10 s")
            .isNull();
        assertThat(RungResult.WarmupSummary.coldReading(probes, 0, 10)).as("unknown probe length").isNull();
    }

    @Test
    void aPlateauWhileTheJitIsStillCompilingIsNotSteady() {
        // the offloaded rung of a real make lab run: 484, 498, 496 req/s, then 2,500 in
        // the measured window
        List<Double> plateau = List.of(93.0, 210.0, 332.0, 484.0, 498.0, 496.0);
        assertThat(Warmup.steady(plateau, List.of(0.9, 0.8, 0.7, 0.6, 0.5, 0.45))).as("compilers busy").isFalse();
        assertThat(Warmup.steadyReason(plateau, List.of(0.9, 0.8, 0.7, 0.6, 0.5, 0.04)))
            .as("compilers quiet in the last probe only, the probes agree")
            .isEqualTo(Warmup.AGREED_REASON);
        assertThat(Warmup.steady(plateau, List.of(0.9, 0.8, 0.7, 0.6, 0.5, 0.11))).as("above 10 %").isFalse();
        assertThat(Warmup.steadyReason(plateau, List.of(0.9, 0.8, 0.7, 0.6, Double.NaN, Double.NaN)))
            .as("JIT time unknown: probes decide")
            .isEqualTo(Warmup.AGREED_REASON);
        assertThat(Warmup.steady(List.of(400.0, 2000.0, 2500.0), List.of(0.0, 0.0, 0.0))).as("still climbing")
            .isFalse();
    }

    @Test
    void quietCompilersForTwoProbesEndTheWarmUpEvenWhenABusyMachineKeepsTheProbesApart() {
        List<Double> noisy = List.of(600.0, 2_300.0, 2_000.0, 2_250.0, 2_100.0);
        assertThat(Warmup.steadyReason(noisy, List.of(0.5, 0.2, 0.3, 0.06, 0.04))).isEqualTo(Warmup.JIT_QUIET_REASON);
        assertThat(Warmup.steady(noisy, List.of(0.5, 0.2, 0.3, 0.15, 0.01))).as("quiet in one probe only").isFalse();
        assertThat(Warmup.steady(noisy, List.of(0.5, 0.2, 0.05, 0.101, 0.01))).as("10.1 % is not quiet").isFalse();
        assertThat(Warmup.steady(List.of(600.0, 2_000.0, 2_300.0), List.of(0.5, 0.01, 0.01)))
            .as("quiet, but still 15 % up")
            .isFalse();
        assertThat(Warmup.steady(List.of(600.0), List.of(0.0))).as("one probe").isFalse();
    }

}
