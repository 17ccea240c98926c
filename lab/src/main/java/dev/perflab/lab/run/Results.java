package dev.perflab.lab.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;

/** Turns a rung's measured windows and readings into its {@link RungResult}. */
final class Results {

    private static final List<String> PERCENTILES = List.of("50", "75", "90", "99", "99.9", "99.99");

    private Results() {
    }

    static RungResult of(Scenario scenario, String relativeDir, List<LoadResult> windows, RungResult.CpuUse cpu, RungResult.GatewayTimes times,
            Map<String, String> mode, Warmup.Result warm, Profiled profiled) {
        List<Double> rps = windows.stream().map(window -> round(window.requestsPerSecond(), 1)).toList();
        double mean = rps.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        RungResult.Throughput throughput = new RungResult.Throughput(round(mean, 1),
                rps.size() < 2 ? null : round(coefficientOfVariation(rps, mean), 4), rps,
                windows.stream().mapToLong(LoadResult::errors).sum());
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PERCENTILES) {
            percentiles.put(p, round(windows.stream().mapToDouble(window -> window.latency().percentile(p)).average().orElse(0), 3));
        }
        RungResult.Latency latency = new RungResult.Latency(percentiles,
                round(windows.stream().mapToDouble(window -> window.latency().max()).max().orElse(0), 3),
                round(windows.stream().mapToDouble(window -> window.latency().mean()).average().orElse(0), 3));
        RungResult.WarmupSummary warmup = new RungResult.WarmupSummary(round(warm.took().toMillis() / 1000.0, 1), warm.steady(),
                round(warm.probe().toMillis() / 1000.0, 1), warm.probes().stream().map(v -> round(v, 1)).toList());
        return new RungResult(scenario, relativeDir, throughput, latency, cpu, times, mode, warmup, profile(profiled, mean), null);
    }

    private static RungResult.ProfileSummary profile(Profiled profiled, double rpsWithout) {
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

    /** What profiling the rung left: the profiler's name, its findings and the profiled window's req/s (null for JProfiler, which the user drives). */
    record Profiled(String profiler, Hotspots.Summary hotspots, Double rpsWith, Map<String, Object> evidence) {
    }

    /** Sample standard deviation over the mean; only meaningful with two runs or more. */
    static double coefficientOfVariation(List<Double> values, double mean) {
        if (values.size() < 2 || mean == 0) {
            return 0;
        }
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.size() - 1)) / mean;
    }

    static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
