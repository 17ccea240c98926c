package dev.perflab.lab.paired;

import dev.perflab.lab.run.WarmUp;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PassOrdersTests {

    @Test
    void eachOrderFallsOnASideInHalfThePassesShuffledBySeed() {
        for (int passes = 2; passes <= 11; passes++) {
            List<Boolean> order = PassOrders.balanced(passes, new Random(passes));
            assertThat(order).hasSize(passes);
            assertThat(Collections.frequency(order, true)).as(passes + " passes")
                .isBetween(passes / 2, (passes + 1) / 2);
        }
        assertThat(PassOrders.balanced(10, new Random(1))).as("the same seed, the same order")
            .isEqualTo(PassOrders.balanced(10, new Random(1)));
        assertThat(List.of(1L, 2L, 3L, 4L, 5L)
            .stream()
            .map(seed -> PassOrders.balanced(10, new Random(seed)))
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

    /**
     * A pair's three orders are each balanced over the passes and drawn apart, not
     * swapped in lockstep as a rotation of two would.
     */
    @Test
    void aPairsOrdersAreEachBalancedAndNotTiedToOneAnother() {
        java.util.Set<String> combinations = new java.util.HashSet<>();
        for (long seed = 1; seed <= 5; seed++) {
            LineupPlan plan = LineupPlan.pair(Side.labGateway("A", List.of("reactive")),
                    Side.labGateway("B", List.of("reactive")), 100, 10, List.of(java.time.Duration.ofSeconds(10)),
                    java.time.Duration.ZERO, java.time.Duration.ofSeconds(5), WarmUp.Load.FLAT,
                    java.time.Duration.ofSeconds(10), seed, new SideSettings(java.nio.file.Path.of("."), List.of(),
                            java.time.Duration.ofSeconds(60), "/service/hello", null),
                    "1ms", java.nio.file.Path.of("results"), Double.NaN, "");
            PassOrders orders = PassOrders.of(plan);
            int aStarts = 0;
            int aPorts = 0;
            int aSchedule = 0;
            for (int pass = 1; pass <= 10; pass++) {
                String start = orders.start(pass).get(0);
                String port = orders.ports(pass).get(0);
                String schedule = orders.schedule(pass).get(0);
                assertThat(orders.start(pass)).containsExactlyInAnyOrder("A", "B");
                aStarts += start.equals("A") ? 1 : 0;
                aPorts += port.equals("A") ? 1 : 0;
                aSchedule += schedule.equals("A") ? 1 : 0;
                combinations.add(start + port + schedule);
            }
            assertThat(List.of(aStarts, aPorts, aSchedule)).as("seed " + seed).containsOnly(5);
        }
        assertThat(combinations).as("start, port and schedule are not always the same side").hasSizeGreaterThan(2);
    }

    @Test
    void aLaddersOrdersRotateSoThatEachRungComesFirstOnce() {
        assertThat(PassOrders.rotated(List.of("a", "b", "c"), 1)).containsExactly("a", "b", "c");
        assertThat(PassOrders.rotated(List.of("a", "b", "c"), 2)).containsExactly("b", "c", "a");
        assertThat(PassOrders.rotated(List.of("a", "b", "c"), 4)).containsExactly("a", "b", "c");
    }

}
