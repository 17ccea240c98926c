package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.verdict.NoiseBudget;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Quantity;

/**
 * CPU per request with each gateway's young collections spread at its own rate, rather
 * than lumped in the windows they fell in. A young collection costs its gateway more than
 * its collector threads' time (cold caches and refilled buffers on the event loops after
 * it), so a window with one reads a gateway costlier than a window without; at 400 req/s
 * a 1 GB heap collects every 10 to 30 s, so each side's 8-second windows hold 0, 1 or 2
 * collections by chance. Here each window's log cost is moved by {@code perCollection} ×
 * (the rung's mean collections a window over the run − the window's own), where
 * {@code perCollection} is the run's slope of a window's log cost on its collections,
 * within each side's duet of a pass (so that a pass's level, or a rung's, does not enter
 * it). A rung's mean rate stays in its cost: a gateway that allocates more, and so
 * collects more often, stays costlier by what that costs; only when the collections fell
 * is spread out. nginx has none and is read as it is.
 *
 * @param perCollection the share a young collection in a window adds to its gateway's log
 * CPU per request (0 when the run cannot tell: no window with a collection in a group
 * with one without)
 * @param perWindow each gateway rung's mean young collections in a window over the run
 */
public record GcSpread(double perCollection, Map<String, Double> perWindow) {

    /** The run's slope and rates, from every pass's duets. */
    static GcSpread of(List<LineupResult.Pass> passes) {
        double sxy = 0;
        double sxx = 0;
        Map<String, double[]> counts = new LinkedHashMap<>();
        for (LineupResult.Pass pass : passes) {
            for (LineupResult.Duet duet : pass.duets()) {
                for (String rung : List.of(duet.a(), duet.b())) {
                    List<double[]> group = new ArrayList<>();
                    for (Map<String, SideWindow> window : duet.windows()) {
                        SideWindow side = window.get(rung);
                        double cost = side == null ? Double.NaN : side.cpuMsPerRequest();
                        if (side == null || side.jvm() == null || !(cost > 0)) {
                            continue;
                        }
                        group.add(new double[] { Math.log(cost), side.jvm().youngCollections() });
                        double[] count = counts.computeIfAbsent(rung, r -> new double[2]);
                        count[0] += side.jvm().youngCollections();
                        count[1]++;
                    }
                    if (group.size() < 2) {
                        continue;
                    }
                    double meanLog = group.stream().mapToDouble(g -> g[0]).average().orElseThrow();
                    double meanGcs = group.stream().mapToDouble(g -> g[1]).average().orElseThrow();
                    for (double[] g : group) {
                        sxy += (g[0] - meanLog) * (g[1] - meanGcs);
                        sxx += (g[1] - meanGcs) * (g[1] - meanGcs);
                    }
                }
            }
        }
        Map<String, Double> perWindow = new LinkedHashMap<>();
        counts.forEach((rung, count) -> perWindow.put(rung, count[0] / count[1]));
        return new GcSpread(sxx > 0 ? sxy / sxx : 0, perWindow);
    }

    /**
     * A side's CPU per request in one window with its young collections spread at its
     * rung's rate; as read for a side without a JVM or a rate.
     */
    double cost(String rung, SideWindow side) {
        double cost = side.cpuMsPerRequest();
        Double rate = perWindow.get(rung);
        if (side.jvm() == null || rate == null) {
            return cost;
        }
        return cost * Math.exp(perCollection * (rate - side.jvm().youngCollections()));
    }

    /**
     * B / A of a duet's CPU per request over its windows, each side's collections spread:
     * each window's adjusted cost weighted by its answered requests, as the raw ratio
     * weights them.
     */
    double ratio(LineupResult.Duet duet) {
        return total(duet.b(), duet) / total(duet.a(), duet);
    }

    private double total(String rung, LineupResult.Duet duet) {
        double cpu = 0;
        long answered = 0;
        for (Map<String, SideWindow> window : duet.windows()) {
            SideWindow side = window.get(rung);
            cpu += cost(rung, side) * side.answered();
            answered += side.answered();
        }
        return cpu / answered;
    }

    /**
     * The duet a → b's CPU ratio with collections spread: B / A per pass, over the passes
     * that measured it, read as its raw CPU ratio is (Stein's rule beyond the planned
     * passes); null when a pass measured nothing on a side.
     */
    PairedRatio ratio(List<LineupResult.Pass> passes, String a, String b, int planned) {
        List<LineupResult.Pass> measured = passes.stream().filter(pass -> pass.duet(a, b) != null).toList();
        if (measured.isEmpty() || measured.stream()
            .mapToDouble(pass -> ratio(pass.duet(a, b)))
            .anyMatch(r -> !(r > 0) || Double.isInfinite(r))) {
            return null;
        }
        return LineupResult.overPasses(measured, a, b, this::ratio, planned, Quantity.COST);
    }

    /**
     * The duet a → b's noise with collections spread, window by window as
     * {@link DuetNoise} splits the raw one; null where it has none.
     */
    NoiseBudget noise(List<LineupResult.Pass> passes, String a, String b) {
        return DuetNoise.of(passes, a, b, this::cost);
    }

}
