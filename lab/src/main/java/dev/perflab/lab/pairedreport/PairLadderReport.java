package dev.perflab.lab.pairedreport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.Durations;
import dev.perflab.lab.paired.PairLadder;
import dev.perflab.lab.paired.PairPlan;
import dev.perflab.lab.paired.PairResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.verdict.PairedRatio;

/**
 * ladder.md of make pair-ladder, from its template: a row per step done, each a paired
 * comparison of a rung with the rung before it.
 */
public final class PairLadderReport {

    private PairLadderReport() {
    }

    /**
     * @param file the ladder file the steps come from
     * @param plan the first step's plan, for the load, passes and windows every step
     * shares
     */
    public static String markdown(PairLadder.Ladder ladder, Path file, PairPlan plan) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("ladder", file.getFileName().toString());
        model.put("stepsDone", ladder.done().size());
        model.put("stepsPlanned", ladder.planned().size());
        model.put("unfinished", ladder.done().size() < ladder.planned().size());
        model.put("passes", plan.passes());
        model.put("load", plan.describeLoad());
        model.put("warmup", "up to " + Durations.format(plan.warmup()) + ", until the JIT is quiet");
        model.put("windows", plan.windows().size());
        model.put("window", Durations.format(plan.windows().get(0)));
        List<Map<String, Object>> steps = new ArrayList<>();
        List<String> noVerdicts = new ArrayList<>();
        for (PairLadder.Done done : ladder.done()) {
            PairResult result = done.result();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", done.step().name());
            row.put("changes", done.step().to().changes());
            row.put("cpuA", mean(result, true));
            row.put("cpuB", mean(result, false));
            row.put("cpu", describe(result, PairedMetric.CPU.key()));
            row.put("bytes", describe(result, PairedMetric.BYTES.key()));
            row.put("p50", describe(result, PairedMetric.P50.key()));
            row.put("p99", describe(result, PairedMetric.P99.key()));
            String carrier = done.carriedBy();
            row.put("carriedBy", carrier == null ? "none" : PairResult.METRIC_NAMES.get(carrier));
            row.put("folder", result.dir().getFileName().toString());
            steps.add(row);
            if (result.noVerdict() != null) {
                noVerdicts.add(done.step().name() + ": " + result.noVerdict());
            }
        }
        model.put("steps", steps);
        model.put("noVerdicts", noVerdicts);
        return Templates.compile("pair-ladder.md", Templates.MARKDOWN).execute(model);
    }

    private static String describe(PairResult result, String metric) {
        PairedRatio ratio = result.verdicts().get(metric);
        return ratio == null ? "no verdict" : ratio.describe();
    }

    private static String mean(PairResult result, boolean a) {
        double mean = result.passes()
            .stream()
            .mapToDouble(pass -> (a ? pass.a() : pass.b()).cpuMsPerRequest())
            .average()
            .orElse(Double.NaN);
        return Double.isNaN(mean) ? "" : String.format(Locale.ROOT, "%.4f", mean);
    }

}
