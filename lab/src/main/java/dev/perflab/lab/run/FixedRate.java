package dev.perflab.lab.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.stats.StatsLog;

/**
 * After the closed loop, RATE offered with an open-model generator for RATE_DURATION, in
 * SUBWINDOW parts: the CPU a request costs below saturation. Skipped when the closed loop
 * did not reach well above the rate (the rate would saturate the rung, and its CPU per
 * request would again only mirror its req/s).
 */
record FixedRate(int rate, LoadGenerator generator, Duration duration,
        List<Duration> subwindows) implements Measurement {

    /**
     * A rung is offered the rate only when its closed loop reached at least this multiple
     * of it: well below saturation.
     */
    static final double HEADROOM = 1.25;

    /**
     * How long the rate runs, unmeasured, before its first sub-window: longer than the
     * stats samples' one second, twice.
     */
    static final Duration SETTLE = Duration.ofSeconds(3);

    @Override
    public void measure(Rung rung, RungParts parts) {
        double closedLoopRps = parts.closedLoopRps() == null ? 0 : parts.closedLoopRps();
        double reached = Math.min(closedLoopRps, rung.lastProbe(closedLoopRps));
        if (reached < rate * HEADROOM) {
            String why = String.format(Locale.ROOT, "the closed loop reached %,.0f req/s, less than %.2f x RATE=%d",
                    reached, HEADROOM, rate);
            rung.out().println("    at a fixed rate: skipped, " + why);
            parts.atRate(new Phase(rate, null, SubWindows.NONE, why));
            return;
        }
        SubWindows offered;
        try (Progress progress = rung.progress(String.format(Locale.ROOT, "at %,d req/s", rate),
                duration.plus(SETTLE))) {
            // Each CPU sample covers the second before its stamp: the first ones after
            // the closed loop would carry the
            // saturated loop's CPU into the rate's first sub-window (measured: +30 %
            // there). The rate settles first, unmeasured.
            SubWindows.keep(rung.dir().resolve("at-rate"), "settle",
                    generator.offer(rung.url(), rung.header(), SETTLE));
            offered = SubWindows.offer(generator, rung, subwindows, rung.dir().resolve("at-rate"), "load");
        }
        LoadResult whole = offered.whole();
        rung.out()
            .printf(Locale.ROOT, "    at %,d req/s: %,.0f achieved, p99 %.2f ms, %s%n", rate, whole.requestsPerSecond(),
                    whole.latency().percentile("99"), whole.errorsText());
        parts.atRate(new Phase(rate, generator.version(), offered, null));
    }

    /** The fixed-rate phase's sub-windows, or why it was skipped. */
    record Phase(double rate, String generator, SubWindows offered, String skipped) {

        RungResult.AtRate result(StatsLog stats, int pass) {
            return skipped != null ? RungResult.AtRate.skipped(rate, skipped)
                    : Results.atRate(rate, generator, offered.units(stats, pass));
        }
    }
}
