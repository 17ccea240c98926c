package dev.perflab.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.stats.StatsLog;
import dev.perflab.lab.system.ReapedChildren;
import dev.perflab.lab.verdict.JvmCost;
import dev.perflab.lab.verdict.Window;

/**
 * The one sub-window loop every measurement uses: offers a generator's load for each
 * sub-window in turn, keeps each one's output, and notes its span and the CPU the
 * generator used in it.
 */
record SubWindows(List<LoadResult> parts, List<LocalDateTime[]> spans, List<Double> generatorCpu,
        List<Map<String, JvmCost>> jvm) {

    /**
     * The load generator's name among the processes whose CPU per request a run reports.
     */
    static final String LOAD_GENERATOR = "load-generator";

    static final SubWindows NONE = new SubWindows(List.of(), List.of(), List.of(), List.of());

    /**
     * Offers {@code generator}'s load for each sub-window, keeping each one's output in
     * {@code dir} as name, name-2, ...
     */
    static SubWindows offer(LoadGenerator generator, Rung rung, List<Duration> subwindows, Path dir, String name) {
        List<LoadResult> parts = new ArrayList<>();
        List<LocalDateTime[]> spans = new ArrayList<>();
        List<Double> generatorCpu = new ArrayList<>();
        List<Map<String, JvmCost>> jvm = new ArrayList<>();
        for (int i = 1; i <= subwindows.size(); i++) {
            Map<String, JvmCounters.Snapshot> jvmBefore = rung.jvms().read();
            LocalDateTime start = LocalDateTime.now();
            OptionalDouble childCpuBefore = ReapedChildren.cpuSeconds();
            LoadResult part = generator.offer(rung.url(), rung.header(), subwindows.get(i - 1));
            generatorCpu.add(cpuSince(childCpuBefore));
            spans.add(new LocalDateTime[] { start, LocalDateTime.now() });
            jvm.add(JvmWatch.costs(jvmBefore, rung.jvms().read(), part.successes()));
            keep(dir, name + (i == 1 ? "" : "-" + i), part);
            parts.add(part);
        }
        return new SubWindows(parts, spans, generatorCpu, jvm);
    }

    /** The sub-windows as one load result. */
    LoadResult whole() {
        return LoadResult.merge(parts);
    }

    /**
     * The CPU seconds the generator used in all sub-windows, or null where unknown in
     * any.
     */
    Double generatorCpuSeconds() {
        double sum = 0;
        for (Double cpu : generatorCpu) {
            if (cpu == null) {
                return null;
            }
            sum += cpu;
        }
        return sum;
    }

    /**
     * Each sub-window's figures, with every process's CPU per request from the stats
     * sampled in its span.
     */
    List<Window> units(StatsLog stats, int pass) {
        List<Window> units = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            units.add(window(pass, parts.get(i),
                    withGenerator(stats.meanCpu(spans.get(i)[0], spans.get(i)[1]), generatorCpu.get(i), parts.get(i)),
                    jvm.get(i)));
        }
        return units;
    }

    /**
     * The load generator is sampled too: the CPU its process used over the sub-window, as
     * % of one core like the others.
     */
    static Map<String, Double> withGenerator(Map<String, Double> cpuPercent, Double generatorCpuSeconds,
            LoadResult result) {
        if (generatorCpuSeconds == null || result.durationMicros() <= 0) {
            return cpuPercent;
        }
        Map<String, Double> all = new TreeMap<>(cpuPercent);
        all.put(LOAD_GENERATOR, generatorCpuSeconds / (result.durationMicros() / 1e6) * 100);
        return all;
    }

    /**
     * A sub-window's figures, with each process's CPU ms per request from its mean CPU %
     * over the sub-window: per answered request (2xx/3xx), so that a gateway failing fast
     * does not look cheap; the failures are counted apart.
     */
    static Window window(int pass, LoadResult result, Map<String, Double> cpuPercent, Map<String, JvmCost> jvm) {
        Map<String, Double> cpuMsPerRequest = new TreeMap<>();
        if (result.successes() > 0) {
            double seconds = result.durationMicros() / 1e6;
            cpuPercent.forEach((process, percent) -> cpuMsPerRequest.put(process,
                    Results.round(percent / 100 * seconds * 1000 / result.successes(), 4)));
        }
        return new Window(pass, Results.round(result.requestsPerSecond(), 1),
                Results.round(result.latency().percentile("99"), 3), cpuMsPerRequest.isEmpty() ? null : cpuMsPerRequest,
                jvm, result.requests(), result.errors());
    }

    /**
     * The generator's raw output and summary, kept beside the result: {@code wrk.txt},
     * {@code wrk.json} and the latency histogram.
     */
    static void keep(Path dir, String name, LoadResult result) {
        RunFolder.write(dir.resolve(name + ".txt"), result.output());
        RunFolder.write(dir.resolve(name + ".json"), result.summaryJson() + "\n");
        RunFolder.write(dir.resolve(name + ".hdr"), result.histogramBase64() + "\n");
    }

    /**
     * The CPU seconds the runner's children used since {@code before} (the load
     * generator's run), or null where unknown.
     */
    private static Double cpuSince(OptionalDouble before) {
        OptionalDouble after = ReapedChildren.cpuSeconds();
        return before.isPresent() && after.isPresent() ? after.getAsDouble() - before.getAsDouble() : null;
    }
}
