package dev.perflab.lab.paired;

import java.util.List;
import java.util.Locale;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.verdict.Estimate;

/**
 * A rung's closed-loop req/s driven alone (wrk), one figure a pass: its mean and a 95 %
 * t-interval over the passes, which covers the restarts; two rungs' figures come from
 * different seconds, so it carries no verdict.
 */
public record Alone(List<Double> perPass, double mean, Double low, Double high, long errors) {

    static double rps(LoadResult result) {
        return result.durationMicros() <= 0 ? 0 : result.successes() / (result.durationMicros() / 1e6);
    }

    static Alone of(List<LoadResult> results) {
        Estimate rps = Estimate.of(results.stream().map(Alone::rps).toList());
        return new Alone(rps.values().stream().map(v -> Numbers.round(v, 1)).toList(), rps.mean(), rps.low(),
                rps.high(), results.stream().mapToLong(LoadResult::errors).sum());
    }

    public String describe() {
        return low == null ? String.format(Locale.ROOT, "%,.0f (one pass)", mean)
                : String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", mean, low, high);
    }

}
