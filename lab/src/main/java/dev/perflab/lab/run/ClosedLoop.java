package dev.perflab.lab.run;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.targets.GatewayMetrics;

/**
 * The closed loop: wrk's connections for DURATION, in SUBWINDOW parts, with FAULTS where
 * they apply.
 */
record ClosedLoop(LoadGenerator generator, Duration duration, List<Duration> subwindows) implements Measurement {

    @Override
    public void measure(Rung rung, RungParts parts) {
        // the gateway's own times over the closed loop's windows alone (not the fixed
        // rate
        // or a profiled window after them)
        GatewayMetrics.Timings before = rung.timings().get();
        LocalDateTime from = LocalDateTime.now();
        SubWindows offered;
        try (Progress progress = rung.progress("measure", duration);
                FaultSchedule.Running injected = rung.startFaults(rung.dir().resolve("faults.log"))) {
            offered = SubWindows.offer(generator, rung, subwindows, rung.dir(), "wrk");
        }
        LocalDateTime to = LocalDateTime.now();
        parts.closedLoop(offered, from, to, GatewayMetrics.Timings.between(before, rung.timings().get()));
        LoadResult whole = offered.whole();
        rung.out()
            .printf("    measured: %,.0f req/s, p99 %.2f ms, %s%s%n", whole.requestsPerSecond(),
                    whole.latency().percentile("99"), whole.errorsText(),
                    offered.parts().size() > 1 ? " (" + offered.parts().size() + " sub-windows)" : "");
    }
}
