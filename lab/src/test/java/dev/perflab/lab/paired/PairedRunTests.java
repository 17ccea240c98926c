package dev.perflab.lab.paired;

import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PairedRunTests {

    @Test
    void eachOrderFallsOnASideInHalfThePassesShuffledBySeed() {
        for (int passes = 2; passes <= 11; passes++) {
            List<Boolean> order = PairedRun.balanced(passes, new Random(passes));
            assertThat(order).hasSize(passes);
            assertThat(Collections.frequency(order, true)).as(passes + " passes")
                .isBetween(passes / 2, (passes + 1) / 2);
        }
        assertThat(PairedRun.balanced(10, new Random(1))).as("the same seed, the same order")
            .isEqualTo(PairedRun.balanced(10, new Random(1)));
        assertThat(List.of(1L, 2L, 3L, 4L, 5L)
            .stream()
            .map(seed -> PairedRun.balanced(10, new Random(seed)))
            .distinct()
            .count()).as("other seeds, other orders").isGreaterThan(1);
    }

    @Test
    void freePortsAreDistinctAndBelowTheEphemeralRangeThatOutgoingConnectionsTakeFrom() throws Exception {
        int[] ports = FreePorts.below(4);
        assertThat(java.util.Arrays.stream(ports).distinct().count()).isEqualTo(4);
        assertThat(java.util.Arrays.stream(ports).min().getAsInt()).isGreaterThanOrEqualTo(1024);
        assertThat(java.util.Arrays.stream(ports).max().getAsInt()).isLessThan(FreePorts.ephemeralLow());
        for (int port : ports) {
            // each is free now: a listener can bind it
            try (java.net.ServerSocket socket = new java.net.ServerSocket(port, 1,
                    java.net.InetAddress.getLoopbackAddress())) {
                assertThat(socket.getLocalPort()).isEqualTo(port);
            }
        }
    }

}
