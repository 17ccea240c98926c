package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;

import dev.perflab.lab.verdict.NoiseBudget;

/**
 * Each duet's noise, split between passes and windows from its window log ratios: the
 * pilot figures that size the next run's passes and windows (docs 13).
 */
final class DuetNoise {

    private DuetNoise() {
    }

    /**
     * Where the noise of the duet a → b lies for a metric: its log ratios window by
     * window, pass by pass, split between passes and windows; null with fewer than two
     * passes of two windows, or a window without a reading.
     */
    static NoiseBudget of(List<LineupResult.Pass> passes, String a, String b, PairedMetric metric) {
        return of(passes, a, b, (rung, side) -> metric.read(side));
    }

    /**
     * The same split of a reading that may depend on the side's rung (a cost with its
     * collections spread at the rung's rate, {@link GcSpread}).
     */
    static NoiseBudget of(List<LineupResult.Pass> passes, String a, String b,
            ToDoubleBiFunction<String, SideWindow> read) {
        List<List<Double>> logs = new ArrayList<>();
        for (LineupResult.Pass pass : passes) {
            LineupResult.Duet duet = pass.duet(a, b);
            if (duet == null) {
                continue;
            }
            List<Double> windows = new ArrayList<>();
            for (Map<String, SideWindow> window : duet.windows()) {
                double ratio = read.applyAsDouble(b, window.get(b)) / read.applyAsDouble(a, window.get(a));
                if (!(ratio > 0) || Double.isInfinite(ratio)) {
                    return null;
                }
                windows.add(Math.log(ratio));
            }
            logs.add(windows);
        }
        if (logs.size() < 2 || logs.stream().anyMatch(windows -> windows.size() < 2)) {
            return null;
        }
        return NoiseBudget.of(logs);
    }

}
