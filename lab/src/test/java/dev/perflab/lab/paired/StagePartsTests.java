package dev.perflab.lab.paired;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stage's windows as the one warm-up reads them, and a measured window by the same
 * rule.
 */
class StagePartsTests {

    /** A window of {@code cpuMs} outside the JIT and {@code jitMs} in it; -1: no JVM. */
    private static SideWindow side(double cpuMs, long jitMs) {
        JvmCounters.Reading jvm = jitMs < 0 ? null : new JvmCounters.Reading(0, 0, 0, 0, jitMs, -1, -1, Map.of());
        return new SideWindow(100, 0, cpuMs, 1.0, 2.0, new Histogram(3), jvm);
    }

    @Test
    void aSidesWindowIsReadAsItsCpuOutsideTheJitAndItsCompilerThreadsAndNginxHasNone() {
        assertThat(StageParts.reading(side(950, 50)).quiet()).as("50 of 1,000 ms").isTrue();
        assertThat(StageParts.reading(side(940, 60)).quiet()).as("60 of 1,000 ms").isFalse();
        assertThat(StageParts.reading(side(1_000, -1)).jitMs()).as("nginx").isNaN();
        assertThat(side(940, 60).jitBusy()).as("a measured window reads the same rule").isTrue();
        assertThat(side(950, 50).jitBusy()).isFalse();
    }

}
