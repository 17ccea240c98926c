package dev.perflab.lab.pairedreport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.Gate;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairJson;
import dev.perflab.lab.paired.SideWindow;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.Durations;
import dev.perflab.lab.verdict.PairedRatio;
import java.util.Locale;

/**
 * compare.md of a paired comparison (a pair's lineup: its one step A → B), from its
 * template: the verdicts first, then every pass; and FAIL_ON's line for a step.
 */
public final class PairReport {

    private PairReport() {
    }

    public static String markdown(LineupResult result) {
        return Templates.compile("paired.md", Templates.MARKDOWN).execute(model(result));
    }

    private static Map<String, Object> model(LineupResult result) {
        LineupPlan plan = result.plan();
        LineupResult.Step step = result.pairStep();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("a", plan.a().describe());
        model.put("b", plan.b().describe());
        model.put("load", plan.describeLoad());
        model.put("passesPlanned", plan.passes());
        model.put("passesDone", result.passes().size());
        model.put("unfinished", result.passes().size() < plan.passes());
        model.put("windows", plan.windows().size());
        model.put("window", Durations.format(plan.windows().get(0)));
        model.put("warmup", "up to " + Durations.format(plan.warmup()) + ", until the JIT is quiet");
        model.put("seed", plan.seed());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PairedMetric metric : PairedMetric.PAIR_ORDER) {
            if (step.verdicts().containsKey(metric)) {
                rows.add(row(metric, step.verdicts().get(metric), result));
            }
        }
        model.put("rows", rows);
        model.put("headline", headline(result));
        model.put("noVerdict", step.noVerdict());
        List<Map<String, Object>> passes = new ArrayList<>();
        for (LineupResult.Pass pass : result.passes()) {
            passes.add(pass(pass, pass.duet(step.from(), step.to()), pass.ports().getOrDefault(step.from(), 0)));
        }
        model.put("passes", passes);
        Double generator = PairJson.loadGeneratorCpuMsPerRequest(result);
        model.put("generator", generator == null ? "unknown" : fixed(generator, 4) + " ms");
        if (!Double.isNaN(plan.failOn())) {
            model.put("failOn", plan.failOnText());
            model.put("failed", !step.gate().held());
            model.put("gateWhy", step.gate().why());
        }
        return model;
    }

    private static Map<String, Object> pass(LineupResult.Pass pass, LineupResult.Duet duet, int portA) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("pass", pass.pass());
        row.put("order", pass.startOrder().get(0) + " started first, " + pass.schedule().get(0)
                + " first in the schedule, A on " + portA);
        row.put("warmup", String.format(Locale.ROOT, "%.0f s, %s", duet.warmup().took().toMillis() / 1000.0,
                duet.warmup().quiet() ? "JIT quiet" : "WARMUP ran out"));
        row.put("cpuA", fixed(duet.totalA().cpuMsPerRequest(), 4));
        row.put("cpuB", fixed(duet.totalB().cpuMsPerRequest(), 4));
        row.put("cpu", fixed(duet.ratio(SideWindow::cpuMsPerRequest), 3));
        row.put("p50", fixed(duet.ratio(SideWindow::p50Ms), 3));
        row.put("p99", fixed(duet.ratio(SideWindow::p99Ms), 3));
        double bytes = duet.ratio(SideWindow::bytesPerRequest);
        row.put("bytes", Double.isNaN(bytes) ? "n/a" : fixed(bytes, 4));
        row.put("errors", duet.totalA().errors() + " / " + duet.totalB().errors());
        row.put("gcs", youngCollections(duet.totalA()) + " / " + youngCollections(duet.totalB()));
        row.put("jit", duet.jitBusyWindows() + " of " + duet.windows().size());
        return row;
    }

    /**
     * "B against A, in the same seconds: CPU per request 0.900 × [0.877, 0.924], cheaper;
     * bytes per request …", or empty without a CPU ratio.
     */
    static String headline(LineupResult result) {
        PairedRatio cpu = result.pairStep().verdicts().get(PairedMetric.CPU);
        PairedRatio bytes = result.pairStep().verdicts().get(PairedMetric.BYTES);
        if (cpu == null) {
            return "";
        }
        return "B against A, in the same seconds: CPU per request " + cpu.describe()
                + (bytes == null ? "" : "; bytes per request " + bytes.describe());
    }

    private static Map<String, Object> row(PairedMetric metric, PairedRatio ratio, LineupResult result) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("metric", metric.label());
        PairedMetric read = metric;
        row.put("unit", read.unit());
        int digits = read.digits();
        row.put("a", fixed(mean(result, metric, true), digits));
        row.put("b", fixed(mean(result, metric, false), digits));
        row.put("ratio", ratio.describe());
        row.put("halfWidth", ratio.halfWidthPercent() == null ? "" : "±" + fixed(ratio.halfWidthPercent(), 1) + " %");
        return row;
    }

    /**
     * A side's mean over the passes (each pass's total), for orientation only: the
     * verdict comes from the paired ratios.
     */
    static double mean(LineupResult result, PairedMetric metric, boolean a) {
        LineupResult.Step step = result.pairStep();
        return result.passes().stream().mapToDouble(pass -> {
            LineupResult.Duet duet = pass.duet(step.from(), step.to());
            return metric.read(a ? duet.totalA() : duet.totalB());
        }).average().orElse(Double.NaN);
    }

    private static String youngCollections(SideWindow side) {
        return side.jvm() == null ? "n/a" : Long.toString(side.jvm().youngCollections());
    }

    /** A figure with {@code digits} decimals; "n/a" where there is none. */
    static String fixed(double value, int digits) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    /**
     * FAIL_ON's ✓/✗ line for a pair (prefixed with the step's name in a paired ladder);
     * none without FAIL_ON.
     */
    public static List<GateLine> gates(List<LineupResult> results, String failOn) {
        return results.stream().map(result -> gate(result.pairStep(), failOn, "")).filter(Objects::nonNull).toList();
    }

    /**
     * FAIL_ON's ✓/✗ line for a step, from its gate ({@code prefix} names a paired
     * ladder's step); null without FAIL_ON.
     */
    public static GateLine gate(LineupResult.Step step, String failOn, String prefix) {
        if (failOn == null || failOn.isBlank()) {
            return null;
        }
        Gate gate = step.gate();
        String text = "FAIL_ON=" + failOn.trim() + ": " + prefix + gate.why();
        return gate.held() ? GateLine.held(text) : GateLine.broken(text);
    }

}
