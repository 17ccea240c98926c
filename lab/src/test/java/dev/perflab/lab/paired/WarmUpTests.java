package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;
import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one warm-up of the paired targets, on parts that pretend: what each WARMUP_LOAD
 * drives, when the JIT counts as quiet, and what its record says.
 */
class WarmUpTests {

    private static final Duration PART = Duration.ofSeconds(5);

    /**
     * Parts whose gateway "gw" compiles with its JIT for {@code busyParts} loaded parts,
     * then goes quiet; nginx has no JVM. Records what was asked of it, in order.
     */
    private static final class Recording implements WarmUp.Parts {

        final List<String> asked = new ArrayList<>();

        private int busyParts;

        Recording(int busyParts) {
            this.busyParts = busyParts;
        }

        @Override
        public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
            asked.add("offer " + String.join(",", schedule) + " " + length.toSeconds());
            return read(schedule);
        }

        @Override
        public Map<String, SideWindow> burst(List<String> rungs, Duration length) {
            asked.add("burst " + String.join(",", rungs) + " " + length.toSeconds());
            return read(rungs);
        }

        @Override
        public void idle(Duration length) {
            asked.add("idle " + length.toSeconds());
        }

        private Map<String, SideWindow> read(List<String> rungs) {
            boolean compiling = busyParts-- > 0;
            Map<String, SideWindow> read = new LinkedHashMap<>();
            for (String rung : rungs) {
                read.put(rung, side(1_000, rung.equals("nginx") ? -1 : compiling ? 200 : 10));
            }
            return read;
        }

    }

    /** A reading of {@code cpuMs} outside the JIT and {@code jitMs} in it; -1: no JVM. */
    private static SideWindow side(double cpuMs, long jitMs) {
        JvmCounters.Reading jvm = jitMs < 0 ? null : new JvmCounters.Reading(0, 0, 0, 0, jitMs, -1, -1, Map.of());
        return new SideWindow(100, 0, cpuMs, 1.0, 2.0, new Histogram(3), jvm);
    }

    @Test
    void flatDrivesTheColdGatewaysFlatOutUntilTheirJitIsQuietThenOnePartOfTheDuetAtItsRate() {
        Recording parts = new Recording(2);
        PairResult.Warmup warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).run(parts, List.of("gw"),
                List.of("nginx", "gw"));
        assertThat(parts.asked).containsExactly("burst gw 5", "burst gw 5", "burst gw 5", "offer nginx,gw 5");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.parts()).isEqualTo(4);
        assertThat(warm.load()).isEqualTo(WarmUp.Load.FLAT);
        assertThat(warm.json()).containsEntry("load", "flat");
    }

    @Test
    void rateDrivesTheDuetAtItsRateUntilTheColdGatewaysAreQuietAndNothingAfter() {
        Recording parts = new Recording(1);
        PairResult.Warmup warm = new WarmUp(WarmUp.Load.RATE, Duration.ofSeconds(60), PART).run(parts, List.of("gw"),
                List.of("gw", "nginx"));
        assertThat(parts.asked).containsExactly("offer gw,nginx 5", "offer gw,nginx 5");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.load()).isEqualTo(WarmUp.Load.RATE);
    }

    @Test
    void burstsLeaveAnIdlePartAfterEachBurstThatWasNotQuietAndCountItAgainstWarmup() {
        Recording parts = new Recording(10);
        PairResult.Warmup warm = new WarmUp(WarmUp.Load.BURSTS, Duration.ofSeconds(12), PART).run(parts, List.of("gw"),
                List.of("gw", "nginx"));
        // 5 s flat out, 5 s idle, the 2 s left of WARMUP flat out: still compiling
        assertThat(parts.asked).containsExactly("burst gw 5", "idle 5", "burst gw 2", "offer gw,nginx 5");
        assertThat(warm.quiet()).as("WARMUP ran out").isFalse();
        assertThat(warm.json()).containsEntry("load", "bursts")
            .containsEntry("ended", "WARMUP ran out before the JIT went quiet");
    }

    @Test
    void warmRungsAndNoWarmupDriveNothingButTheDuetsOnePart() {
        Recording parts = new Recording(10);
        PairResult.Warmup warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).run(parts, List.of(),
                List.of("a", "b"));
        assertThat(parts.asked).containsExactly("offer a,b 5");
        assertThat(warm.quiet()).isTrue();
        Recording none = new Recording(10);
        assertThat(
                new WarmUp(WarmUp.Load.FLAT, Duration.ZERO, PART).run(none, List.of("gw"), List.of("gw", "b")).quiet())
            .isTrue();
        assertThat(none.asked).isEmpty();
    }

    /** Quiet is the JIT's compiler threads at most 5 % of the process's CPU. */
    @Test
    void theJitIsQuietAtFivePerCentOfTheProcesssCpuAndNginxAlwaysIs() {
        assertThat(WarmUp.quiet(side(950, 50))).as("50 of 1,000 ms").isTrue();
        assertThat(WarmUp.quiet(side(940, 60))).as("60 of 1,000 ms").isFalse();
        assertThat(WarmUp.quiet(side(1_000, -1))).as("nginx").isTrue();
        assertThat(side(940, 60).jitBusy()).as("a measured window reads the same rule").isTrue();
    }

    @Test
    void warmupLoadIsFlatRateOrBurstsAndAnythingElseIsOneLine() {
        assertThat(WarmUp.Load.of(" Bursts ")).isEqualTo(WarmUp.Load.BURSTS);
        assertThatThrownBy(() -> WarmUp.Load.of("fast")).isInstanceOf(LabException.class)
            .hasMessage("WARMUP_LOAD must be flat (each cold gateway flat out), rate (the duet at its rate) or bursts "
                    + "(flat out with an idle part between), not 'fast'");
    }

}
