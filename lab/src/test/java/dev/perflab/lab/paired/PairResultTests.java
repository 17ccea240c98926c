package dev.perflab.lab.paired;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.stats.JvmCounters;

import static org.assertj.core.api.Assertions.assertThat;

class PairResultTests {

    private static PairResult.SideWindow side(long voluntary, Map<String, Long> byThread) {
        JvmCounters.Reading jvm = new JvmCounters.Reading(2_010_000, 1, 1, 4, 0, voluntary, voluntary, byThread);
        return new PairResult.SideWindow(1_000, 0, 500, 1.0, 2.0, new Histogram(3), jvm);
    }

    @Test
    void aSideGivesItsBytesPerRequestByThreadGroupLargestFirstLeavingOutGroupsThatAllocatedNothing() {
        Map<String, Object> json = side(300,
                Map.of("RMI TCP Connection(N)-N.N.N.N", 10_000L, "reactor-http-epoll-N", 2_000_000L, "idle", 0L))
            .json();
        assertThat(json.get("bytes_per_request")).isEqualTo(2010.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> byThread = (Map<String, Object>) json.get("bytes_per_request_by_thread");
        assertThat(byThread).containsExactly(Map.entry("reactor-http-epoll-N", 2000.0),
                Map.entry("RMI TCP Connection(N)-N.N.N.N", 10.0));
        assertThat(json.get("voluntary_context_switches")).isEqualTo(300L);
    }

    @Test
    void switchesThatCouldNotBeReadAreNullNotMinusOne() {
        Map<String, Object> json = side(-1, Map.of()).json();
        assertThat(json).containsEntry("voluntary_context_switches", null)
            .containsEntry("involuntary_context_switches", null);
    }

}
