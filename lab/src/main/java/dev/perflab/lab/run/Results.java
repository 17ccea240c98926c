package dev.perflab.lab.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.result.Bounds;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.StepVerdict;
import dev.perflab.lab.verdict.Spread;
import dev.perflab.lab.verdict.Window;
import java.util.ArrayList;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Turns a rung's measured sub-windows and readings into its {@link RungResult}, combines
 * passes, and adds each step's verdict.
 */
final class Results {

    private static final List<String> PERCENTILES = List.of("50", "75", "90", "99", "99.9", "99.99");

    private Results() {
    }

    /**
     * One pass's closed loop: its sub-windows merged into the rung's figures and kept as
     * the units of its intervals, with every process's CPU, the gateway's own timers, and
     * what could cap it.
     * @param settings the cores and connections the bounds read
     */
    static RungResult.ClosedLoop closedLoop(List<LoadResult> windows, List<Window> units, RungResult.CpuUse cpu,
            RungResult.GatewayTimes times, Map<String, String> mode, RungRunner.Settings settings) {
        LoadResult whole = LoadResult.merge(windows);
        double rps = round(whole.requestsPerSecond(), 1);
        RungResult.Throughput throughput = new RungResult.Throughput(rps, null, List.of(rps), whole.errors(),
                whole.requests(), whole.failedAnswers(), whole.socketErrors());
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PERCENTILES) {
            percentiles.put(p, round(whole.latency().percentile(p), 3));
        }
        RungResult.Latency latency = new RungResult.Latency(percentiles, round(whole.latency().max(), 3),
                round(whole.latency().mean(), 3));
        Intervals intervals = Intervals.of(units);
        return new RungResult.ClosedLoop(throughput, latency, cpu, times, units, intervals,
                bounds(mode, times, intervals, settings.cores(), settings.connections(), latency));
    }

    /** A count over the passes, or null when one pass did not record it. */
    private static Long sum(List<RungResult> passes, Function<RungResult.Throughput, Long> count) {
        return passes.stream().allMatch(r -> count.apply(r.throughput()) != null)
                ? passes.stream().mapToLong(r -> count.apply(r.throughput())).sum() : null;
    }

    /** How the warm-up went, as summary.json records it. */
    static RungResult.WarmupSummary warmup(RungWarmUp.Warmed warm) {
        return new RungResult.WarmupSummary(round(warm.result().took().toMillis() / 1000.0, 1), warm.result().quiet(),
                round(warm.part().toMillis() / 1000.0, 1), warm.probes().stream().map(v -> round(v, 1)).toList(),
                warm.reason());
    }

    /**
     * One capacity step from its sub-windows: percentiles from their merged histogram,
     * each sub-window's p99 for the spread.
     */
    static Point point(double offered, List<LoadResult> parts, Map<String, Double> cpuPercent) {
        LoadResult whole = LoadResult.merge(parts);
        Map<String, Double> cpuMsPerRequest = new TreeMap<>();
        if (whole.requests() > 0) {
            double seconds = whole.durationMicros() / 1e6;
            cpuPercent.forEach((process, percent) -> cpuMsPerRequest.put(process,
                    round(percent / 100 * seconds * 1000 / whole.requests(), 4)));
        }
        org.HdrHistogram.Histogram histogram = whole.histogram();
        return new Point(offered, round(whole.requestsPerSecond(), 1), whole.requests(),
                round(histogram.getValueAtPercentile(50) / 1000.0, 3),
                round(histogram.getValueAtPercentile(90) / 1000.0, 3),
                round(histogram.getValueAtPercentile(99) / 1000.0, 3),
                round(histogram.getValueAtPercentile(99.9) / 1000.0, 3), round(histogram.getMaxValue() / 1000.0, 3),
                whole.errors(), parts.stream().map(part -> round(part.latency().percentile("99"), 3)).toList(),
                cpuMsPerRequest.isEmpty() ? null : cpuMsPerRequest, agentRequests(whole));
    }

    /**
     * Each agent's requests in the step, which add up to its requests; null for one
     * generator.
     */
    static List<Long> agentRequests(LoadResult whole) {
        if (whole.agentRequests().isEmpty()) {
            return null;
        }
        long sum = whole.agentRequests().stream().mapToLong(Long::longValue).sum();
        if (sum != whole.requests()) {
            throw new IllegalStateException("the agents' requests " + whole.agentRequests() + " add up to " + sum
                    + ", not " + whole.requests());
        }
        return whole.agentRequests();
    }

    /**
     * A rung's passes as one result: req/s the mean of the passes' with their cv,
     * percentiles the mean of theirs and max the largest, CPU and the gateway's times the
     * mean; warm-up, mode and profile as the first pass had them; every pass's
     * sub-windows, with intervals between passes.
     * @param restarted whether each pass restarted the apps (false on a remote system)
     */
    static RungResult combine(List<RungResult> passes, int cores, int connections, boolean restarted) {
        List<RungResult> measured = passes.stream().filter(RungResult::measured).toList();
        if (measured.size() < 2) {
            return measured.isEmpty() ? passes.get(0) : measured.get(0);
        }
        RungResult first = measured.get(0);
        List<Double> rps = measured.stream().map(r -> r.throughput().rps()).toList();
        double mean = rps.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        RungResult.Throughput throughput = new RungResult.Throughput(round(mean, 1),
                round(Spread.coefficientOfVariation(rps, mean), 4), rps,
                measured.stream().mapToLong(r -> r.throughput().errors()).sum(),
                sum(measured, RungResult.Throughput::requests), sum(measured, RungResult.Throughput::failedAnswers),
                sum(measured, RungResult.Throughput::socketErrors));
        Map<String, Double> percentiles = new LinkedHashMap<>();
        first.latency()
            .percentiles()
            .keySet()
            .forEach(p -> percentiles.put(p, round(meanOf(measured, r -> r.latency().percentile(p)), 3)));
        RungResult.Latency latency = new RungResult.Latency(percentiles,
                measured.stream().mapToDouble(r -> r.latency().max()).max().orElse(0),
                round(meanOf(measured, r -> r.latency().clientMean()), 3));
        Map<String, Double> cpu = new TreeMap<>();
        measured.stream()
            .filter(r -> r.cpu() != null && r.cpu().percent() != null)
            .forEach(r -> r.cpu()
                .percent()
                .keySet()
                .forEach(s -> cpu.put(s, round(meanOf(measured, x -> x.cpu() == null ? null : x.cpu().of(s)), 1))));
        RungResult.CpuUse cpuUse = new RungResult.CpuUse(cpu,
                round(meanOf(measured, r -> r.cpu() == null ? null : r.cpu().samplerPercent()), 3));
        RungResult.GatewayTimes times = first.times() == null ? null
                : new RungResult.GatewayTimes(
                        nullableRound(meanOf(measured, r -> r.times() == null ? null : r.times().authCallMs())),
                        nullableRound(meanOf(measured, r -> r.times() == null ? null : r.times().serverMs())));
        List<Window> windows = measured.stream()
            .flatMap(r -> r.windows() == null ? Stream.empty() : r.windows().stream())
            .toList();
        Intervals intervals = Intervals.of(windows, restarted);
        return new RungResult(first.rung(), first.dir(),
                new RungResult.ClosedLoop(throughput, latency, cpuUse, times, windows, intervals,
                        bounds(first.mode(), times, intervals, cores, connections, latency)),
                first.mode(), first.warmup(), first.profile(), combineAtRate(measured, restarted), null, null, null);
    }

    /**
     * The passes' fixed-rate sub-windows together, with intervals between passes; a pass
     * that skipped the rate says why when none measured it.
     */
    static RungResult.AtRate combineAtRate(List<RungResult> passes, boolean restarted) {
        List<RungResult.AtRate> all = passes.stream().map(RungResult::atRate).filter(a -> a != null).toList();
        if (all.isEmpty()) {
            return null;
        }
        List<RungResult.AtRate> measured = all.stream().filter(RungResult.AtRate::measured).toList();
        if (measured.isEmpty()) {
            return all.get(0);
        }
        List<Window> windows = measured.stream().flatMap(a -> a.windows().stream()).toList();
        String skipped = measured.size() < all.size()
                ? (all.size() - measured.size()) + " of " + all.size() + " passes not offered the rate" : null;
        RungResult.AtRate first = measured.get(0);
        return new RungResult.AtRate(first.offered(), first.generator(), windows, Intervals.of(windows, restarted),
                skipped);
    }

    /** A pass's fixed-rate sub-windows as the rung's AtRate part. */
    static RungResult.AtRate atRate(double offered, String generator, List<Window> windows) {
        return new RungResult.AtRate(offered, generator, windows, Intervals.of(windows), null);
    }

    private static Bounds bounds(Map<String, String> mode, RungResult.GatewayTimes times, Intervals intervals,
            int cores, int connections, RungResult.Latency latency) {
        Map<String, Double> cpu = new TreeMap<>();
        if (intervals != null && intervals.cpuMsPerRequest() != null) {
            intervals.cpuMsPerRequest().forEach((process, estimate) -> cpu.put(process, estimate.mean()));
        }
        return Bounds.of(mode, times == null ? null : times.authCallMs(), cpu, cores, connections,
                latency.clientMean());
    }

    /** Each measured rung against the measured rung before it in the ladder. */
    static List<RungResult> withVerdicts(List<RungResult> rungs) {
        List<RungResult> out = new ArrayList<>();
        RungResult previous = null;
        for (RungResult rung : rungs) {
            String failed = previous == null ? null : RungResult.failures(previous, rung);
            if (rung.measured() && failed != null) {
                out.add(rung.withVerdict(StepVerdict.withheld(previous.name(), failed)));
            }
            else if (rung.measured() && previous != null && rung.windows() != null && previous.windows() != null) {
                StepVerdict step = StepVerdict.of(previous.name(), previous.windows(), rung.windows());
                out.add(rung.withVerdict(
                        step == null ? null : step.withAtRate(previous.atRateWindows(), rung.atRateWindows())));
            }
            else {
                out.add(rung);
            }
            if (rung.measured()) {
                previous = rung;
            }
        }
        return out;
    }

    private static double meanOf(List<RungResult> rungs, Function<RungResult, Double> figure) {
        return rungs.stream()
            .map(figure)
            .filter(v -> v != null)
            .mapToDouble(Double::doubleValue)
            .average()
            .orElse(Double.NaN);
    }

    private static Double nullableRound(double value) {
        return Double.isNaN(value) ? null : round(value, 3);
    }

    static RungResult.ProfileSummary profile(Profiled profiled, double rpsWithout) {
        if (profiled == null) {
            return null;
        }
        Hotspots.Summary hotspots = profiled.hotspots();
        return new RungResult.ProfileSummary(profiled.profiler(), hotspots == null ? null : hotspots.verdict(),
                hotspots == null ? null : hotspots.shares(),
                profiled.rpsWith() == null ? null
                        : new RungResult.ProfilerCost(round(rpsWithout, 1), round(profiled.rpsWith(), 1),
                                rpsWithout == 0 ? 0 : round(profiled.rpsWith() / rpsWithout, 3)),
                profiled.evidence() == null || profiled.evidence().isEmpty() ? null : profiled.evidence());
    }

    /**
     * What profiling the rung left: the profiler's name, its findings and the profiled
     * window's req/s (null for JProfiler, which the user drives).
     */
    record Profiled(String profiler, Hotspots.Summary hotspots, Double rpsWith, Map<String, Object> evidence) {
    }

    static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }

}
