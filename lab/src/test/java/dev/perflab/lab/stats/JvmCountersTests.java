package dev.perflab.lab.stats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The counters of a real second JVM, read through the attach API, as the paired
 * comparison reads each gateway's.
 */
class JvmCountersTests {

    /**
     * A JVM that allocates a known amount: 1 MiB every 10 ms, in a thread that stays
     * alive, until killed.
     */
    public static final class Allocator {

        static volatile byte[] kept;

        public static void main(String[] args) throws InterruptedException {
            while (true) {
                kept = new byte[1 << 20];
                Thread.sleep(10);
            }
        }

    }

    @Test
    void bytesAllocatedBetweenTwoReadingsAreWhatTheOtherJvmAllocated() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                Allocator.class.getName())
            .redirectErrorStream(true)
            .start();
        try {
            JvmCounters counters = attachWhenReady(child.pid());
            try (counters) {
                JvmCounters.Reading before = counters.read();
                Thread.sleep(1000);
                JvmCounters.Reading spent = counters.read().since(before);
                // about 100 arrays of 1 MiB in the second, fewer when the machine is
                // slow; never more than the time allows
                assertThat(spent.allocatedBytes()).isBetween(20L << 20, 200L << 20);
                assertThat(spent.youngCollections()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(spent.collections());
                assertThat(spent.jitMillis()).isGreaterThanOrEqualTo(0);
                assertThat(spent.voluntarySwitches()).as("its thread sleeps 10 ms a hundred times a second")
                    .isPositive();
            }
        }
        finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessThatIsNoJvmIsOneLine() {
        assertThatThrownBy(() -> JvmCounters.attach(Long.MAX_VALUE, "gateway A")).isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "cannot read the JVM counters of gateway A (pid " + Long.MAX_VALUE + ") through the attach API: ");
    }

    @Test
    void youngCollectorsOfEveryHotSpotCollectorAreTold() {
        assertThat(List.of("G1 Young Generation", "PS Scavenge", "Copy", "ZGC Minor Cycles", "G1 Concurrent GC")
            .stream()
            .filter(JvmCounters::isYoung))
            .containsExactly("G1 Young Generation", "PS Scavenge", "Copy", "ZGC Minor Cycles");
    }

    /** A JVM takes a moment before its attach listener answers. */
    private static JvmCounters attachWhenReady(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                return JvmCounters.attach(pid, "the allocator");
            }
            catch (LabException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

}
