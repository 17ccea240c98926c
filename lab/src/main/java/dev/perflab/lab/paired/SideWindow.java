package dev.perflab.lab.paired;

import java.util.List;

import org.HdrHistogram.Histogram;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.run.WarmUp;

/**
 * One side in one window: its requests and errors, the CPU its processes used, its
 * latency from the intended send time, what its JVM counted (null for nginx).
 */
public record SideWindow(long requests, long errors, double cpuMs, double p50Ms, double p99Ms, Histogram histogram,
        JvmCounters.Reading jvm, CpuSplit split) {

    public SideWindow(long requests, long errors, double cpuMs, double p50Ms, double p99Ms, Histogram histogram,
            JvmCounters.Reading jvm) {
        this(requests, errors, cpuMs, p50Ms, p99Ms, histogram, jvm, CpuSplit.NONE);
    }

    /**
     * The windows' totals: CPU over requests, latency from the merged histograms, the JVM
     * counters and CPU split summed.
     */
    static SideWindow total(List<SideWindow> parts) {
        Histogram merged = new Histogram(3);
        parts.forEach(part -> merged.add(part.histogram()));
        JvmCounters.Reading jvm = JvmCounters.Reading.NONE;
        for (SideWindow part : parts) {
            jvm = jvm == null || part.jvm() == null ? null : jvm.plus(part.jvm());
        }
        return new SideWindow(parts.stream().mapToLong(SideWindow::requests).sum(),
                parts.stream().mapToLong(SideWindow::errors).sum(), parts.stream().mapToDouble(SideWindow::cpuMs).sum(),
                merged.getValueAtPercentile(50) / 1000.0, merged.getValueAtPercentile(99) / 1000.0, merged, jvm,
                new CpuSplit(parts.stream().mapToDouble(part -> part.split().gcMs()).sum(),
                        parts.stream().mapToDouble(part -> part.split().processMs()).sum(),
                        parts.isEmpty() ? CpuSplit.TICKS : parts.get(0).split().processKey()));
    }

    static SideWindow of(LoadResult result, double cpuMs, JvmCounters.Reading jvm, CpuSplit split) {
        return new SideWindow(result.requests(), result.errors(), cpuMs, result.latency().percentile("50"),
                result.latency().percentile("99"), result.histogram(), jvm, split);
    }

    /**
     * The requests answered without an error: what a cost is divided by, so that a side
     * failing fast does not look cheap (its failures are counted apart).
     */
    public long answered() {
        return Math.max(0, requests - errors);
    }

    public double cpuMsPerRequest() {
        return answered() == 0 ? Double.NaN : cpuMs / answered();
    }

    public double bytesPerRequest() {
        return answered() == 0 || jvm == null ? Double.NaN : (double) jvm.allocatedBytes() / answered();
    }

    /**
     * Whether the JIT compiled for more than {@link WarmUp#QUIET_JIT} of the process's
     * CPU in this window: the code was still changing.
     */
    public boolean jitBusy() {
        return !StageParts.reading(this).quiet();
    }
}
