package dev.perflab.lab.run;

import dev.perflab.lab.result.RungResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.load.WrkResult;

/** Turns a rung's wrk runs and readings into its {@link RungResult}. */
final class Results {

    private static final List<String> PERCENTILES = List.of("50", "75", "90", "99", "99.9", "99.99");

    private Results() {
    }

    static RungResult of(Scenario scenario, String relativeDir, String latency, List<WrkResult> runs, Map<String, Double> cpu,
            RungRunner.Timings before, RungRunner.Timings after, Map<String, String> mode, Warmup.Result warm, double samplerCost,
            Profiled profiled) {
        List<Double> rps = runs.stream().map(run -> round(run.requestsPerSecond(), 1)).toList();
        double mean = rps.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PERCENTILES) {
            percentiles.put(p, round(runs.stream().mapToDouble(run -> run.latency().percentile(p)).average().orElse(0), 3));
        }
        return new RungResult(scenario.name(), scenario.target().name().toLowerCase(), scenario.profiles(), scenario.changes(),
                relativeDir, scenario.target() == Scenario.Target.BACKEND ? null : latency,
                round(mean, 1), rps.size() < 2 ? null : round(coefficientOfVariation(rps, mean), 4), rps,
                percentiles.get("50"), percentiles.get("90"), percentiles.get("99"),
                round(runs.stream().mapToDouble(run -> run.latency().max()).max().orElse(0), 3),
                runs.stream().mapToLong(run -> run.errors().total()).sum(), cpu,
                RungRunner.Timings.meanMs(before.authCount(), after.authCount(), before.authSeconds(), after.authSeconds()),
                RungRunner.Timings.meanMs(before.serverCount(), after.serverCount(), before.serverSeconds(), after.serverSeconds()),
                round(runs.stream().mapToDouble(run -> run.latency().mean()).average().orElse(0), 3), mode,
                round(warm.took().toMillis() / 1000.0, 1), warm.steady(), round(warm.probe().toMillis() / 1000.0, 1),
                warm.probes().stream().map(v -> round(v, 1)).toList(), round(samplerCost, 3), percentiles,
                profiled == null || profiled.hotspots() == null ? null : profiled.hotspots().verdict(),
                profiled == null || profiled.hotspots() == null ? null : profiled.hotspots().shares(),
                profiled == null ? null : profiled.profiler(),
                profiled == null || profiled.rpsWith() == null ? null
                        : new RungResult.ProfilerCost(round(mean, 1), round(profiled.rpsWith(), 1), mean == 0 ? 0 : round(profiled.rpsWith() / mean, 3)),
                profiled == null || profiled.evidence() == null || profiled.evidence().isEmpty() ? null : profiled.evidence(), null);
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
