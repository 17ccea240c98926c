package dev.perflab.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.profile.ProfilerKind;

/**
 * What every rung of a command measures after it starts: the warm-up, then its
 * measurements in order (the closed loop, then a fixed rate and a profiled window where
 * asked for; or a capacity search). Built by the command from its options before anything
 * starts.
 */
public final class MeasurementPlan {

    /**
     * How the warm-up drives the rung ({@link WarmUp}): with which generator, for how
     * long each part (WARMUP_PROBE), for how long at most (WARMUP).
     */
    public record Warmup(LoadGenerator generator, Duration probe, Duration max) {

        /** The one warm-up, each part the rung flat out. */
        WarmUp policy() {
            return new WarmUp(WarmUp.Load.FLAT, max, probe);
        }

    }

    /** How long the fixed rate runs, unmeasured, before its first sub-window. */
    public static final Duration FIXED_RATE_SETTLE = FixedRate.SETTLE;

    private final Warmup warmup;

    private final List<Measurement> measurements;

    private MeasurementPlan(Warmup warmup, List<Measurement> measurements) {
        this.warmup = warmup;
        this.measurements = List.copyOf(measurements);
    }

    /**
     * The closed loop: {@code generator}'s connections for {@code duration}, in these
     * sub-windows.
     */
    public static MeasurementPlan closedLoop(Warmup warmup, Duration duration, List<Duration> subwindows) {
        return new MeasurementPlan(warmup, List.of(new ClosedLoop(warmup.generator(), duration, subwindows)));
    }

    /**
     * The capacity search at {@code slo} (or at the given rates), instead of the closed
     * loop.
     */
    public static MeasurementPlan capacity(Warmup warmup, Slo slo, List<Double> rates,
            DoubleFunction<LoadGenerator> openModel, List<LoadAgent> agents, Duration duration,
            List<Duration> subwindows) {
        return new MeasurementPlan(warmup, List
            .of(new CapacitySteps(slo, List.copyOf(rates), openModel, List.copyOf(agents), duration, subwindows)));
    }

    /**
     * After the closed loop, {@code rate} req/s offered by {@code generator}, unmeasured
     * for a few seconds and then in these sub-windows.
     */
    public MeasurementPlan withFixedRate(int rate, LoadGenerator generator, Duration duration,
            List<Duration> subwindows) {
        return then(new FixedRate(rate, generator, duration, subwindows));
    }

    /**
     * Last, the gateway profiled: async-profiler or JFR in a window of the closed loop's
     * generator of its own, or the JProfiler agent announced.
     */
    public MeasurementPlan withProfiling(ProfilerKind profiler, String event, Duration duration, Path hotspotRules) {
        return then(new Profiling(profiler, event, warmup.generator(), duration, hotspotRules));
    }

    private MeasurementPlan then(Measurement next) {
        List<Measurement> all = new ArrayList<>(measurements);
        all.add(next);
        return new MeasurementPlan(warmup, all);
    }

    Warmup warmup() {
        return warmup;
    }

    List<Measurement> measurements() {
        return measurements;
    }

}
