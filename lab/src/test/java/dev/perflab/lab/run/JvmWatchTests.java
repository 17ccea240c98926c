package dev.perflab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.JvmCost;

class JvmWatchTests {

    /**
     * One event-loop thread (id 1, task 101) that allocated {@code bytes} and switched
     * {@code voluntary}/{@code involuntary} times; null switches when /proc was not read.
     */
    private static JvmCounters.Snapshot snapshot(long bytes, long young, long gcMs, long jitMs, long[] switches) {
        return new JvmCounters.Snapshot(Map.of(1L, new JvmCounters.ThreadCount("reactor-http-epoll-N", bytes)), young,
                young, gcMs, jitMs, switches == null ? null : Map.of(101L, switches));
    }

    @Test
    void aWindowsCostsAreTheCountsBetweenItsEdgesPerRequest() {
        Map<String, JvmCost> costs = JvmWatch.costs(
                Map.of("gateway", snapshot(1_000_000, 3, 40, 500, new long[] { 100, 10 })),
                Map.of("gateway", snapshot(96_000_000, 5, 52, 500, new long[] { 2_100, 60 })), 1_000);

        JvmCost gateway = costs.get("gateway");
        assertThat(gateway.bytesPerRequest()).isEqualTo(95_000.0);
        assertThat(gateway.youngGcs()).isEqualTo(2);
        assertThat(gateway.gcMs()).isEqualTo(12);
        assertThat(gateway.jitMs()).isZero();
        assertThat(gateway.jitBusy()).isFalse();
        assertThat(gateway.switchesPerRequest()).isEqualTo(2.05);
    }

    @Test
    void aJvmReadAtOneEdgeOnlyOrAWindowWithoutRequestsHasNoCosts() {
        long[] none = { 0, 0 };
        assertThat(JvmWatch.costs(Map.of(), Map.of("gateway", snapshot(10, 0, 0, 0, none)), 100)).isNull();
        assertThat(JvmWatch.costs(Map.of("gateway", snapshot(10, 0, 0, 0, none)),
                Map.of("gateway", snapshot(20, 0, 0, 0, none)), 0))
            .isNull();
    }

    @Test
    void contextSwitchesTheJvmCouldNotBeReadForAreUnknown() {
        JvmCost cost = JvmWatch
            .costs(Map.of("gateway", snapshot(0, 0, 0, 15, null)), Map.of("gateway", snapshot(100, 0, 0, 35, null)), 10)
            .get("gateway");
        assertThat(cost.switchesPerRequest()).isNull();
        assertThat(cost.bytesPerRequest()).isEqualTo(10.0);
        assertThat(cost.jitBusy()).as("the JIT compiled for 20 ms").isTrue();
    }

}
