package dev.perflab.lab.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The lab's one warm-up, on parts that pretend: what each WARMUP_LOAD drives, when the
 * JIT counts as quiet, when WARMUP ends it, and what its record says.
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
        public Map<String, WarmUp.Reading> offer(List<String> schedule, Duration length) {
            asked.add("offer " + String.join(",", schedule) + " " + length.toSeconds());
            return read(schedule);
        }

        @Override
        public Map<String, WarmUp.Reading> burst(List<String> cold, Duration length) {
            asked.add("burst " + String.join(",", cold) + " " + length.toSeconds());
            return read(cold);
        }

        @Override
        public void idle(Duration length) {
            asked.add("idle " + length.toSeconds());
        }

        private Map<String, WarmUp.Reading> read(List<String> rungs) {
            boolean compiling = busyParts-- > 0;
            Map<String, WarmUp.Reading> read = new LinkedHashMap<>();
            for (String rung : rungs) {
                read.put(rung, rung.equals("nginx") ? WarmUp.Reading.noJit(1_000)
                        : new WarmUp.Reading(1_000, compiling ? 200 : 10));
            }
            return read;
        }

    }

    @Test
    void flatDrivesTheColdGatewaysFlatOutUntilTheirJitIsQuietThenOnePartOfTheDuetAtItsRate() {
        Recording parts = new Recording(2);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).run(parts, List.of("gw"),
                List.of("nginx", "gw"));
        assertThat(parts.asked).containsExactly("burst gw 5", "burst gw 5", "burst gw 5", "offer nginx,gw 5");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.parts()).isEqualTo(4);
        assertThat(warm.load()).isEqualTo(WarmUp.Load.FLAT);
        assertThat(warm.ended()).startsWith("the JIT went quiet");
    }

    @Test
    void twoColdGatewaysAreWarmedOneAtATimeEachAloneAndEachUpToWarmup() {
        Recording parts = new Recording(100);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(10), PART).runEach(parts,
                List.of("a", "b"), List.of("a", "b"));
        assertThat(parts.asked).containsExactly("burst a 5", "burst a 5", "burst b 5", "burst b 5", "offer a,b 5");
        assertThat(warm.quiet()).isFalse();
        assertThat(warm.parts()).isEqualTo(5);
    }

    @Test
    void aDuetWhoseGatewaysAreAllWarmIsNeitherWarmedNorSettled() {
        Recording parts = new Recording(100);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).runEach(parts, List.of(),
                List.of("nginx", "gw"));
        assertThat(parts.asked).as("it was at its rate in the duet before").isEmpty();
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.parts()).isZero();
    }

    @Test
    void atTheDuetsRateTwoColdGatewaysShareTheirTwoWarmups() {
        Recording parts = new Recording(100);
        new WarmUp(WarmUp.Load.RATE, Duration.ofSeconds(10), PART).runEach(parts, List.of("a", "b"), List.of("a", "b"));
        assertThat(parts.asked).containsExactly("offer a,b 5", "offer a,b 5", "offer a,b 5", "offer a,b 5");
    }

    @Test
    void aJitQuietInTheFirstPartEndsTheWarmUpAfterOne() {
        Recording parts = new Recording(0);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).run(parts, List.of("gw"),
                List.of("gw"));
        assertThat(parts.asked).containsExactly("burst gw 5", "offer gw 5");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.ended()).isEqualTo("the JIT went quiet (at most 5 % of each process's CPU in the last part)");
    }

    @Test
    void aJitThatStaysBusyRunsToWarmupItsLastPartCutToWhatIsLeft() {
        Recording parts = new Recording(Integer.MAX_VALUE);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(17), PART).run(parts, List.of("gw"),
                List.of("gw"));
        assertThat(parts.asked).containsExactly("burst gw 5", "burst gw 5", "burst gw 5", "burst gw 2", "offer gw 5");
        assertThat(warm.quiet()).isFalse();
        assertThat(warm.ended()).isEqualTo("WARMUP ran out before the JIT went quiet");
    }

    @Test
    void partsThatCannotBeReadAreNeverQuietAndRunToWarmup() {
        WarmUp.Parts unread = new WarmUp.Parts() {

            @Override
            public Map<String, WarmUp.Reading> offer(List<String> schedule, Duration length) {
                return Map.of("gw", WarmUp.Reading.UNKNOWN);
            }

            @Override
            public Map<String, WarmUp.Reading> burst(List<String> cold, Duration length) {
                return Map.of("gw", WarmUp.Reading.UNKNOWN);
            }

            @Override
            public int settle(List<String> duet, Duration part) {
                return 0;
            }

        };
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(20), PART).run(unread, List.of("gw"),
                List.of("gw"));
        assertThat(warm.parts()).as("four parts and no settling part").isEqualTo(4);
        assertThat(warm.quiet()).isFalse();
    }

    @Test
    void rateDrivesTheDuetAtItsRateUntilTheColdGatewaysAreQuietAndNothingAfter() {
        Recording parts = new Recording(1);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.RATE, Duration.ofSeconds(60), PART).run(parts, List.of("gw"),
                List.of("gw", "nginx"));
        assertThat(parts.asked).containsExactly("offer gw,nginx 5", "offer gw,nginx 5");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.load()).isEqualTo(WarmUp.Load.RATE);
    }

    @Test
    void burstsLeaveAnIdlePartAfterEachBurstThatWasNotQuietAndCountItAgainstWarmup() {
        Recording parts = new Recording(10);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.BURSTS, Duration.ofSeconds(12), PART).run(parts, List.of("gw"),
                List.of("gw", "nginx"));
        // 5 s flat out, 5 s idle, the 2 s left of WARMUP flat out: still compiling
        assertThat(parts.asked).containsExactly("burst gw 5", "idle 5", "burst gw 2", "offer gw,nginx 5");
        assertThat(warm.quiet()).as("WARMUP ran out").isFalse();
        assertThat(warm.load()).isEqualTo(WarmUp.Load.BURSTS);
        assertThat(warm.ended()).isEqualTo("WARMUP ran out before the JIT went quiet");
    }

    @Test
    void warmRungsAndNoWarmupDriveNothing() {
        Recording parts = new Recording(10);
        WarmUp.Result warm = new WarmUp(WarmUp.Load.FLAT, Duration.ofSeconds(60), PART).run(parts, List.of(),
                List.of("a", "b"));
        assertThat(parts.asked).as("no warm-up, so nothing to settle").isEmpty();
        assertThat(warm.quiet()).isTrue();
        Recording none = new Recording(10);
        assertThat(
                new WarmUp(WarmUp.Load.FLAT, Duration.ZERO, PART).run(none, List.of("gw"), List.of("gw", "b")).quiet())
            .isTrue();
        assertThat(none.asked).isEmpty();
    }

    /** Quiet is the JIT's compiler threads at most 5 % of the process's CPU. */
    @Test
    void theJitIsQuietAtFivePerCentOfTheProcesssCpuNginxAlwaysIsAndAnUnreadProcessNever() {
        assertThat(new WarmUp.Reading(950, 50).quiet()).as("50 of 1,000 ms").isTrue();
        assertThat(new WarmUp.Reading(940, 60).quiet()).as("60 of 1,000 ms").isFalse();
        assertThat(WarmUp.Reading.noJit(1_000).quiet()).as("nginx").isTrue();
        assertThat(WarmUp.Reading.UNKNOWN.quiet()).as("not read").isFalse();
    }

    @Test
    void warmupLoadIsFlatRateOrBurstsAndAnythingElseIsOneLine() {
        assertThat(WarmUp.Load.of(" Bursts ")).isEqualTo(WarmUp.Load.BURSTS);
        assertThatThrownBy(() -> WarmUp.Load.of("fast")).isInstanceOf(LabException.class)
            .hasMessage("WARMUP_LOAD must be flat (each cold gateway flat out), rate (the duet at its rate) or bursts "
                    + "(flat out with an idle part between), not 'fast'");
    }

}
