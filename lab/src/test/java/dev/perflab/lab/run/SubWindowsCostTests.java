package dev.perflab.lab.run;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.load.LatencySummary;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.verdict.Window;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cost is divided by the answered requests: a gateway that fails half its requests fast
 * must not read as half the CPU per request (issue 37: it was divided by all).
 */
class SubWindowsCostTests {

    private static LoadResult result(long requests, long successes) {
        return new LoadResult(requests, 10_000_000, requests - successes, 0, successes,
                new LatencySummary(1, 1, 0, 1, Map.of("99", 2.0)), new Histogram(3), "", "");
    }

    @Test
    void cpuPerRequestCountsOnlyTheAnsweredRequests() {
        // 50 % CPU for 10 s is 5,000 ms of CPU
        Window all = SubWindows.window(1, result(10_000, 10_000), Map.of("gateway", 50.0), null);
        Window half = SubWindows.window(1, result(10_000, 5_000), Map.of("gateway", 50.0), null);
        assertThat(all.cpuMsPerRequest()).containsEntry("gateway", 0.5);
        assertThat(half.cpuMsPerRequest()).containsEntry("gateway", 1.0);
        assertThat(SubWindows.window(1, result(10_000, 0), Map.of("gateway", 50.0), null).cpuMsPerRequest())
            .as("no answer, no cost per answer")
            .isNull();
    }

}
