package dev.perflab.lab.pairedreport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.Durations;
import dev.perflab.lab.paired.PairLadder;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
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
    public static String markdown(PairLadder.Ladder ladder, Path file, LineupPlan plan) {
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
            LineupResult result = done.result();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", done.step().name());
            row.put("changes", done.step().to().changes());
            row.put("cpuA", mean(result, true));
            row.put("cpuB", mean(result, false));
            row.put("cpu", describe(result, PairedMetric.CPU));
            row.put("bytes", describe(result, PairedMetric.BYTES));
            row.put("p50", describe(result, PairedMetric.P50));
            row.put("p99", describe(result, PairedMetric.P99));
            PairedMetric carrier = done.carriedBy();
            row.put("carriedBy", carrier == null ? "none" : carrier.label());
            row.put("folder", result.dir().getFileName().toString());
            steps.add(row);
            if (result.pairStep().noVerdict() != null) {
                noVerdicts.add(done.step().name() + ": " + result.pairStep().noVerdict());
            }
        }
        model.put("steps", steps);
        model.put("noVerdicts", noVerdicts);
        return Templates.compile("pair-ladder.md", Templates.MARKDOWN).execute(model);
    }

    private static String describe(LineupResult result, PairedMetric metric) {
        PairedRatio ratio = result.pairStep().verdicts().get(metric);
        return ratio == null ? "no verdict" : ratio.describe();
    }

    private static String mean(LineupResult result, boolean a) {
        double mean = PairReport.mean(result, PairedMetric.CPU, a);
        return Double.isNaN(mean) ? "" : String.format(Locale.ROOT, "%.4f", mean);
    }

    /** The line a paired ladder prints before it starts: its expected duration. */
    public static String expected(int steps, LineupPlan plan) {
        long measured = plan.windows().stream().mapToLong(d -> d.toSeconds()).sum();
        long least = 20 + Math.min(plan.warmup().toSeconds(), plan.warmupProbe().toSeconds()) + measured;
        long most = 20 + plan.warmup().toSeconds() + measured;
        long perStepFixed = 30;
        long low = Math.round(steps * (perStepFixed + plan.passes() * least) / 60.0);
        long high = Math.round(steps * (perStepFixed + plan.passes() * most) / 60.0);
        return String.format(Locale.ROOT,
                "Expected duration: %d steps of %d passes, about %d to %d min (warm-up until the JIT is quiet, "
                        + "at most WARMUP=%s a pass)",
                steps, plan.passes(), Math.max(1, low), Math.max(1, high), Durations.format(plan.warmup()));
    }

    /** run.json's parameters of a paired ladder. */
    public static Map<String, Object> parameters(Path file, List<PairLadder.Step> steps, LineupPlan first,
            String failOn) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("scenarios", file.toString());
        parameters.put("steps", steps.stream().map(PairLadder.Step::name).toList());
        parameters.put("passes_per_step", first.passes());
        parameters.put("rate_per_side", first.ratePerSide());
        parameters.put("windows_per_pass", first.windows().size());
        parameters.put("window", Durations.format(first.windows().get(0)));
        parameters.put("auth_latency", first.authLatency());
        parameters.put("java_opts", String.join(" ", first.settings().javaOptions()));
        if (failOn != null) {
            parameters.put("fail_on", failOn);
        }
        return parameters;
    }

}
