package dev.perflab.lab.run;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.stats.StatsLog;

/**
 * What a rung's measurements found, part by part, until the stats are read and the pass
 * becomes its {@link RungResult}.
 */
final class RungParts {

    private SubWindows closedLoop;

    private LocalDateTime from;

    private LocalDateTime to;

    private FixedRate.Phase atRate;

    private Results.Profiled profiled;

    private CapacityResult capacity;

    private RungResult.GatewayTimes times;

    void closedLoop(SubWindows offered, LocalDateTime from, LocalDateTime to, RungResult.GatewayTimes times) {
        this.closedLoop = offered;
        this.from = from;
        this.to = to;
        this.times = times;
    }

    /**
     * The closed loop's req/s over all its sub-windows; null before (or without) a closed
     * loop.
     */
    Double closedLoopRps() {
        return closedLoop == null ? null : closedLoop.whole().requestsPerSecond();
    }

    void atRate(FixedRate.Phase phase) {
        this.atRate = phase;
    }

    void profiled(Results.Profiled profiled) {
        this.profiled = profiled;
    }

    void capacity(CapacityResult capacity) {
        this.capacity = capacity;
    }

    /**
     * The pass's result, once the sampler stopped: a capacity search's rung, or the
     * closed loop's windows with every process's CPU from {@code stats}, and what else
     * was measured after it.
     */
    RungResult result(Rung rung, String relativeDir, StatsLog stats, double samplerCost, Map<String, String> mode,
            RungRunner.Settings settings) {
        RungResult.WarmupSummary warmup = Results.warmup(rung.warm());
        if (capacity != null) {
            return RungResult.ofCapacity(rung.scenario(), relativeDir, capacity, mode, warmup);
        }
        if (closedLoop == null) {
            throw new IllegalStateException("a rung measured neither a closed loop nor its capacity");
        }
        RungResult.ClosedLoop figures = Results.closedLoop(closedLoop.parts(), closedLoop.units(stats, rung.pass()),
                new RungResult.CpuUse(stats.meanCpu(from, to), Results.round(samplerCost, 3)), times, mode, settings);
        return new RungResult(rung.scenario(), relativeDir, figures, mode, warmup,
                Results.profile(profiled, figures.throughput().rps()),
                atRate == null ? null : atRate.result(stats, rung.pass()), null, null, null);
    }

}
