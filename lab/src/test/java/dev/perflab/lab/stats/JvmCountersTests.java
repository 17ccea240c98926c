package dev.perflab.lab.stats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
            // beside it, short-lived threads (churn-1, churn-2, ...) that allocate too
            // and
            // end: one starts every 100 ms and lives 200 ms, so two overlap at any time
            Thread churner = new Thread(() -> {
                for (int n = 1;; n++) {
                    new Thread(() -> {
                        for (int i = 0; i < 20; i++) {
                            kept = new byte[1 << 16];
                            pause(10);
                        }
                    }, "churn-" + n).start();
                    pause(100);
                }
            }, "churner");
            churner.setDaemon(true);
            churner.start();
            while (true) {
                kept = new byte[1 << 20];
                Thread.sleep(10);
            }
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
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
                JvmCounters.Snapshot before = counters.read();
                Thread.sleep(1000);
                JvmCounters.Reading spent = counters.read().since(before);
                // about 100 arrays of 1 MiB in the second, fewer when the machine is
                // slow; never more than the time allows
                assertThat(spent.allocatedBytes()).isBetween(20L << 20, 200L << 20);
                // by thread group: main allocated the arrays (1 MiB each against the
                // churn threads' 64 KiB); the churn threads alive at the second reading
                // started after the first, so they count from zero
                assertThat(spent.bytesByThread().get("main")).isGreaterThan(spent.allocatedBytes() / 2);
                assertThat(spent.bytesByThread().get("churn-N")).isPositive();
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
    void countsAreTakenThreadByThreadSoAThreadThatEndsNeverMakesThemFall() {
        // thread 1 (task 11) runs throughout; thread 2 (task 12) had allocated 50 MB and
        // switched 900 times, then ended; thread 3 (task 13) started in between
        JvmCounters.Snapshot before = new JvmCounters.Snapshot(
                Map.of(1L, new JvmCounters.ThreadCount("reactor-http-epoll-N", 10_000_000L), 2L,
                        new JvmCounters.ThreadCount("boundedElastic-N", 50_000_000L)),
                4, 5, 30, 700, Map.of(11L, new long[] { 100, 10 }, 12L, new long[] { 900, 5 }));
        JvmCounters.Snapshot after = new JvmCounters.Snapshot(
                Map.of(1L, new JvmCounters.ThreadCount("reactor-http-epoll-N", 12_000_000L), 3L,
                        new JvmCounters.ThreadCount("boundedElastic-N", 300_000L)),
                6, 7, 41, 720, Map.of(11L, new long[] { 150, 12 }, 13L, new long[] { 7, 1 }));
        JvmCounters.Reading spent = after.since(before);
        // a difference of the two sums would say 12.3 MB - 60 MB and 157 - 1000
        // switches
        assertThat(spent.allocatedBytes()).isEqualTo(2_300_000L);
        assertThat(spent.bytesByThread()).containsExactly(Map.entry("boundedElastic-N", 300_000L),
                Map.entry("reactor-http-epoll-N", 2_000_000L));
        assertThat(spent.voluntarySwitches()).isEqualTo(57);
        assertThat(spent.involuntarySwitches()).isEqualTo(3);
        assertThat(spent.youngCollections()).isEqualTo(2);
        assertThat(spent.gcMillis()).isEqualTo(11);
        assertThat(spent.jitMillis()).isEqualTo(20);
        assertThat(spent.plus(JvmCounters.Reading.NONE)).isEqualTo(spent);
        JvmCounters.Reading unknown = new JvmCounters.Snapshot(Map.of(), 0, 0, 0, 0, null).since(before);
        assertThat(spent.plus(unknown).voluntarySwitches()).as("a span whose switches are unknown").isEqualTo(-1);
        assertThat(spent.plus(unknown).allocatedBytes()).isEqualTo(2_300_000L);
        assertThat(new JvmCounters.Snapshot(Map.of(), 0, 0, 0, 0, null).since(before).voluntarySwitches())
            .as("/proc unreadable")
            .isEqualTo(-1);
    }

    @Test
    void threadNamesAreGroupedByPool() {
        assertThat(JvmCounters.group("reactor-http-epoll-3")).isEqualTo("reactor-http-epoll-N");
        assertThat(JvmCounters.group("RMI TCP Connection(12)-127.0.0.1")).isEqualTo("RMI TCP Connection(N)-N.N.N.N");
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
