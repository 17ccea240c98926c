package dev.perflab.lab.pairedreport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.PairResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.Durations;
import dev.perflab.lab.verdict.PairedRatio;
import java.util.Locale;

/**
 * compare.md of a paired comparison, from its template: the verdicts first, then every
 * pass.
 */
public final class PairReport {

    private PairReport() {
    }

    public static String markdown(PairResult result) {
        return Templates.compile("paired.md", Templates.MARKDOWN).execute(model(result));
    }

    private static Map<String, Object> model(PairResult result) {
        LineupPlan plan = result.plan();
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
            if (result.verdicts().containsKey(metric)) {
                rows.add(row(metric, result.verdicts().get(metric), result));
            }
        }
        model.put("rows", rows);
        model.put("headline", headline(result));
        model.put("noVerdict", result.noVerdict());
        List<Map<String, Object>> passes = new ArrayList<>();
        for (PairResult.Pass pass : result.passes()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("pass", pass.pass());
            row.put("order", pass.startedFirst() + " started first, " + pass.firstInSchedule()
                    + " first in the schedule, A on " + pass.portA());
            row.put("warmup", String.format(Locale.ROOT, "%.0f s, %s", pass.warmup().took().toMillis() / 1000.0,
                    pass.warmup().quiet() ? "JIT quiet" : "WARMUP ran out"));
            row.put("cpuA", fixed(pass.a().cpuMsPerRequest(), 4));
            row.put("cpuB", fixed(pass.b().cpuMsPerRequest(), 4));
            row.put("cpu", fixed(pass.ratio().cpuMsPerRequest(), 3));
            row.put("p50", fixed(pass.ratio().p50(), 3));
            row.put("p99", fixed(pass.ratio().p99(), 3));
            row.put("bytes",
                    Double.isNaN(pass.ratio().bytesPerRequest()) ? "n/a" : fixed(pass.ratio().bytesPerRequest(), 4));
            row.put("errors", pass.a().errors() + " / " + pass.b().errors());
            row.put("gcs", youngCollections(pass.a()) + " / " + youngCollections(pass.b()));
            row.put("jit", pass.windows().stream().filter(w -> w.a().jitBusy() || w.b().jitBusy()).count() + " of "
                    + pass.windows().size());
            passes.add(row);
        }
        model.put("passes", passes);
        Double generator = result.loadGeneratorCpuMsPerRequest();
        model.put("generator", generator == null ? "unknown" : fixed(generator, 4) + " ms");
        if (!Double.isNaN(plan.failOn())) {
            model.put("failOn", plan.failOnText());
            model.put("failed", !result.gate().held());
            model.put("gateWhy", result.gate().why());
        }
        return model;
    }

    /**
     * "B against A, in the same seconds: CPU per request 0.900 × [0.877, 0.924], cheaper;
     * bytes per request …", or empty without a CPU ratio.
     */
    static String headline(PairResult result) {
        PairedRatio cpu = result.verdicts().get(PairedMetric.CPU);
        PairedRatio bytes = result.verdicts().get(PairedMetric.BYTES);
        if (cpu == null) {
            return "";
        }
        return "B against A, in the same seconds: CPU per request " + cpu.describe()
                + (bytes == null ? "" : "; bytes per request " + bytes.describe());
    }

    private static Map<String, Object> row(PairedMetric metric, PairedRatio ratio, PairResult result) {
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
    private static double mean(PairResult result, PairedMetric metric, boolean a) {
        return result.passes().stream().mapToDouble(pass -> {
            PairResult.SideWindow side = a ? pass.a() : pass.b();
            return metric.read(side);
        }).average().orElse(Double.NaN);
    }

    private static String youngCollections(PairResult.SideWindow side) {
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
    public static List<GateLine> gates(List<PairResult> results, String failOn) {
        return results.stream().map(result -> gate(result, failOn, "")).filter(Objects::nonNull).toList();
    }

    public static GateLine gate(PairResult result, String failOn, String prefix) {
        if (failOn == null || failOn.isBlank()) {
            return null;
        }
        PairResult.Gate gate = result.gate();
        String text = "FAIL_ON=" + failOn.trim() + ": " + prefix + gate.why();
        return gate.held() ? GateLine.held(text) : GateLine.broken(text);
    }

}
