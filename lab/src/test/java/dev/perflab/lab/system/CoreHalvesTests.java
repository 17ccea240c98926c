package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The halves of the cores swapped between a duet's two sides, on real processes: each
 * side's threads on one half, then the other, and on all cores again once closed.
 */
class CoreHalvesTests {

    @Test
    void theAllowedCoresAreReadFromProcStatusInOrder() {
        assertThat(CoreHalves.allowed(List.of("Name:\tjava", "Cpus_allowed:\tf", "Cpus_allowed_list:\t6,0-3")))
            .containsExactly(0, 1, 2, 3, 6);
        assertThat(CoreHalves.allowed(List.of("Cpus_allowed_list:\t1"))).containsExactly(1);
        assertThatThrownBy(() -> CoreHalves.allowed(List.of("Name:\tjava")))
            .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Two real processes (this machine has two cores or more: CI's has two): while
     * swapping, each reads one half and the other in turn, never the same half as the
     * other process at a reading taken between swaps; once closed, both have every core.
     */
    @Test
    void twoProcessesSwapHalvesEveryPeriodAndGetEveryCoreBackOnClosing() throws Exception {
        StringBuilder why = new StringBuilder();
        CoreHalves halves = CoreHalves.of(why).orElseThrow(() -> new AssertionError("no halves: " + why));
        String all = cpusAllowed(ProcessHandle.current().pid());
        Process one = new ProcessBuilder("sleep", "30").start();
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            Set<String> seenOne = new LinkedHashSet<>();
            Set<String> seenOther = new LinkedHashSet<>();
            int apart = 0;
            CoreHalves.Swapping swapping = halves.start(() -> List.of(one.pid()), () -> List.of(other.pid()));
            try {
                long end = System.nanoTime() + 1_500_000_000L;
                while (System.nanoTime() < end) {
                    String a = cpusAllowed(one.pid());
                    String b = cpusAllowed(other.pid());
                    seenOne.add(a);
                    seenOther.add(b);
                    if (!a.equals(b) && !a.equals(all) && !b.equals(all)) {
                        apart++;
                    }
                    Thread.sleep(7);
                }
            }
            finally {
                swapping.close();
            }
            assertThat(swapping.applied()).isTrue();
            assertThat(swapping.swaps()).as("1.5 s at one swap every 100 ms").isBetween(10, 17);
            assertThat(seenOne).as("each half in turn").hasSize(2).doesNotContain(all);
            assertThat(seenOther).isEqualTo(seenOne);
            assertThat(apart).as("readings with the two on different halves").isGreaterThan(100);
            assertThat(cpusAllowed(one.pid())).isEqualTo(all);
            assertThat(cpusAllowed(other.pid())).isEqualTo(all);
        }
        finally {
            one.destroy();
            other.destroy();
        }
    }

    @Test
    void aSideWhoseProcessEndedIsSkippedAndAnEmptySwappingAppliedNothing() throws Exception {
        StringBuilder why = new StringBuilder();
        CoreHalves halves = CoreHalves.of(why).orElseThrow(() -> new AssertionError("no halves: " + why));
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        List<Long> none = new ArrayList<>();
        CoreHalves.Swapping swapping = halves.start(() -> List.of(ended.pid()), () -> none);
        swapping.close();
        assertThat(swapping.applied()).isFalse();
        assertThat(CoreHalves.threads(ended.pid())).isEmpty();
    }

    private static String cpusAllowed(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        throw new AssertionError("no Cpus_allowed_list for " + pid);
    }

}
