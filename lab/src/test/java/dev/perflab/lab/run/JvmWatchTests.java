package dev.perflab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.JvmCost;

class JvmWatchTests {

    private static JvmCounters.Reading reading(long bytes, long young, long gcMs, long jitMs, long voluntary,
            long involuntary) {
        return new JvmCounters.Reading(bytes, young, young, gcMs, jitMs, voluntary, involuntary);
    }

    @Test
    void aWindowsCostsAreTheCountsBetweenItsEdgesPerRequest() {
        Map<String, JvmCost> costs = JvmWatch.costs(Map.of("gateway", reading(1_000_000, 3, 40, 500, 100, 10)),
                Map.of("gateway", reading(96_000_000, 5, 52, 500, 2_100, 60)), 1_000);

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
        assertThat(JvmWatch.costs(Map.of(), Map.of("gateway", reading(10, 0, 0, 0, 0, 0)), 100)).isNull();
        assertThat(JvmWatch.costs(Map.of("gateway", reading(10, 0, 0, 0, 0, 0)),
                Map.of("gateway", reading(20, 0, 0, 0, 0, 0)), 0))
            .isNull();
    }

    @Test
    void aThreadEndingInTheWindowMakesTheSumFallAndItsBytesUnknownNotNegative() {
        JvmCost cost = JvmWatch
            .costs(Map.of("gateway", reading(5_000, 0, 0, 20, 0, 0)), Map.of("gateway", reading(4_000, 0, 0, 35, 0, 0)),
                    10)
            .get("gateway");
        assertThat(cost.bytesPerRequest()).isNull();
        assertThat(cost.jitBusy()).as("the JIT compiled for 15 ms").isTrue();
    }

    @Test
    void contextSwitchesTheJvmCouldNotBeReadForAreUnknown() {
        JvmCost cost = JvmWatch
            .costs(Map.of("gateway", reading(0, 0, 0, 0, -1, -1)), Map.of("gateway", reading(100, 0, 0, 0, -1, -1)), 10)
            .get("gateway");
        assertThat(cost.switchesPerRequest()).isNull();
    }

}
