package dev.perflab.lab.paired;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    Map<String, Object> json() {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("requests", requests);
        side.put("errors", errors);
        side.put("cpu_ms", Numbers.round(cpuMs, 1));
        side.put(PairedMetric.CPU.key(), Numbers.round(cpuMsPerRequest(), 4));
        if (!Double.isNaN(split.gcMs())) {
            side.put("gc_cpu_ms", Numbers.round(split.gcMs(), 3));
        }
        if (!Double.isNaN(split.processMs())) {
            side.put(split.processKey(), Numbers.round(split.processMs(), 1));
        }
        side.put(PairedMetric.P50.key(), p50Ms);
        side.put(PairedMetric.P99.key(), p99Ms);
        if (jvm == null) {
            return side;
        }
        side.put("allocated_bytes", jvm.allocatedBytes());
        side.put(PairedMetric.BYTES.key(), Numbers.round(bytesPerRequest(), 1));
        side.put("young_gcs", jvm.youngCollections());
        side.put("gcs", jvm.collections());
        side.put("gc_ms", jvm.gcMillis());
        side.put("jit_ms", jvm.jitMillis());
        side.put("voluntary_context_switches", jvm.voluntarySwitches() < 0 ? null : jvm.voluntarySwitches());
        side.put("involuntary_context_switches", jvm.involuntarySwitches() < 0 ? null : jvm.involuntarySwitches());
        Map<String, Object> byThread = new LinkedHashMap<>();
        jvm.bytesByThread()
            .entrySet()
            .stream()
            .filter(group -> group.getValue() > 0)
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .forEach(group -> byThread.put(group.getKey(),
                    answered() == 0 ? null : Numbers.round((double) group.getValue() / answered(), 1)));
        side.put("bytes_per_request_by_thread", byThread);
        return side;
    }
}
