package dev.perflab.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.CapacitySearch;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.stats.StatsLog;

/**
 * The capacity search instead of closed-loop windows: each step offers a constant rate
 * for DURATION (in SUBWINDOW parts, whose p99s show the spread), with FAULTS at offsets
 * into each step, from a fraction of the warm-up's closed-loop rate or at the given
 * RATES.
 *
 * @param rates the RATES to offer; empty for a search
 * @param openModel the open-model generator at a rate
 * @param agents the load agents it offers the rate from (empty: one generator)
 */
record CapacitySteps(Slo slo, List<Double> rates, DoubleFunction<LoadGenerator> openModel, List<LoadAgent> agents,
        Duration duration, List<Duration> subwindows) implements Measurement {

    @Override
    public void measure(Rung rung, RungParts parts) {
        double closedLoop = rung.lastProbe(0);
        int[] step = { 0 };
        String[] generator = { null };
        DoubleFunction<Point> measure = rate -> {
            step[0]++;
            LoadGenerator atRate = openModel.apply(rate);
            generator[0] = atRate.version();
            return step(rung, step[0], rate, atRate);
        };
        rung.out()
            .printf(Locale.ROOT, "    capacity at %s: %s%n", slo.text(),
                    rates.isEmpty() ? String.format(Locale.ROOT,
                            "searching from %,.0f req/s (a quarter of the closed loop's %,.0f)",
                            CapacitySearch.start(closedLoop), closedLoop) : "at " + rates);
        CapacitySearch.Result result = rates.isEmpty() ? CapacitySearch.search(closedLoop, slo, measure)
                : CapacitySearch.fixed(rates, slo, measure);
        rung.out().printf(Locale.ROOT, "    capacity at %s: %,.0f req/s%n", slo.text(), result.rpsAtSlo());
        parts.capacity(new CapacityResult(slo.text(), result.rpsAtSlo(), result.byRate(), Results.round(closedLoop, 1),
                generator[0], LoadAgent.counted(agents, result.byRate())));
    }

    /**
     * One step: the rate for DURATION in sub-windows, and the point it makes, with every
     * process's CPU over the step.
     */
    private Point step(Rung rung, int step, double rate, LoadGenerator atRate) {
        Path stepDir = rung.dir().resolve("capacity").resolve(String.format(Locale.ROOT, "%02d-%.0f-rps", step, rate));
        LocalDateTime from = LocalDateTime.now();
        SubWindows offered;
        try (Progress progress = rung.progress(String.format(Locale.ROOT, "step %d: %,.0f req/s offered", step, rate),
                duration); FaultSchedule.Running injected = rung.startFaults(stepDir.resolve("faults.log"))) {
            offered = SubWindows.offer(atRate, rung, subwindows, stepDir, "load");
        }
        LocalDateTime to = LocalDateTime.now();
        Point point = Results.point(rate, offered.parts(),
                SubWindows.withGenerator(StatsLog.read(rung.dir().resolve("stats.log")).meanCpu(from, to),
                        offered.generatorCpuSeconds(), offered.whole()));
        rung.out()
            .printf(Locale.ROOT, "    step %d: %,.0f req/s offered, %,.0f achieved, p99 %.2f ms, %d errors: %s%n", step,
                    rate, point.achievedRps(), point.p99Ms(), point.errors(),
                    slo.metBy(point) ? "meets " + slo.text() : "misses " + slo.text());
        rung.out().flush();
        return point;
    }
}
