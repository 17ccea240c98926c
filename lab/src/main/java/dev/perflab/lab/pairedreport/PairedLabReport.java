package dev.perflab.lab.pairedreport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.Durations;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.verdict.PairedRatio;

/**
 * report.md of a paired make lab, and its end-of-run console block: the headline against
 * nginx, every step's verdicts, the rungs against nginx, each rung alone.
 */
public final class PairedLabReport {

    private PairedLabReport() {
    }

    public static String markdown(LineupResult result) {
        LineupPlan plan = result.plan();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("ladder",
                plan.entrants().stream().map(LineupPlan.Entrant::name).reduce((a, b) -> a + ", " + b).orElse(""));
        model.put("passesDone", Math.min(result.passes().size(), plan.passes()));
        model.put("passesPlanned", plan.passes());
        model.put("unfinished", result.passes().size() < plan.passes());
        model.put("extraPasses",
                extraPasses(plan.passes(), result.passes().stream().map(pass -> pass.duets().size()).toList()));
        model.put("load", plan.describeLoad());
        model.put("warmup", "each gateway once a pass, flat out and alone when it first appears, up to "
                + Durations.format(plan.warmup()) + " until its JIT is quiet");
        model.put("duets", plan.duets().size());
        model.put("windows", plan.windows().size());
        model.put("window", Durations.format(plan.windows().get(0)));
        model.put("headline", headline(result));
        List<String> noVerdicts = new ArrayList<>();
        model.put("steps", steps(result, noVerdicts));
        model.put("noVerdicts", noVerdicts);
        model.put("references", references(result));
        model.put("aloneWhat",
                plan.alone().isZero() ? "Not measured (ALONE=0s)." : Character.toUpperCase(plan.aloneWords().charAt(0))
                        + plan.aloneWords().substring(1) + ", while the other rungs stood idle.");
        model.put("alone", alone(result));
        model.put("passes", passes(result));
        return Templates.compile("lab-paired.md", Templates.MARKDOWN).execute(model);
    }

    /**
     * The passes TIME added after the {@code planned} ones, each of the duets left
     * unresolved, from how many duets each pass measured: "; then 3 extra passes of 2, 2
     * and 1 duets (…)", or empty.
     */
    static String extraPasses(int planned, List<Integer> duetsPerPass) {
        List<String> extra = duetsPerPass.subList(Math.min(duetsPerPass.size(), planned), duetsPerPass.size())
            .stream()
            .map(String::valueOf)
            .toList();
        if (extra.isEmpty()) {
            return "";
        }
        String counts = extra.size() == 1 ? extra.get(0)
                : String.join(", ", extra.subList(0, extra.size() - 1)) + " and " + extra.get(extra.size() - 1);
        return "; then " + extra.size() + (extra.size() == 1 ? " extra pass of " : " extra passes of ") + counts
                + " duets (TIME: only the duets still wider than the target)";
    }

    /** A row per step, and {@code noVerdicts} the steps that have none and why. */
    private static List<Map<String, Object>> steps(LineupResult result, List<String> noVerdicts) {
        List<Map<String, Object>> steps = new ArrayList<>();
        for (LineupResult.Step step : result.steps()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", step.from() + " → " + step.to());
            row.put("changes", step.changes());
            row.put("cpuA", PairReport.fixed(result.meanCpuMsPerRequest(step.from(), step.to(), step.from()), 4));
            row.put("cpuB", PairReport.fixed(result.meanCpuMsPerRequest(step.from(), step.to(), step.to()), 4));
            row.put("cpu", describe(step.verdicts().get(PairedMetric.CPU)));
            row.put("bytes", describe(step.verdicts().get(PairedMetric.BYTES)));
            row.put("p50", describe(step.verdicts().get(PairedMetric.P50)));
            row.put("p99", describe(step.verdicts().get(PairedMetric.P99)));
            PairedMetric carrier = step.carriedBy();
            row.put("carriedBy", carrier == null ? "none" : carrier.label());
            steps.add(row);
            if (step.noVerdict() != null) {
                noVerdicts.add(step.from() + " → " + step.to() + ": " + step.noVerdict());
            }
        }
        return steps;
    }

    /** A row per rung against its reference (nginx). */
    private static List<Map<String, Object>> references(LineupResult result) {
        List<Map<String, Object>> references = new ArrayList<>();
        for (LineupResult.Versus versus : result.references()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rung", versus.rung());
            row.put("reference", versus.reference());
            String a = versus.reference();
            String b = versus.rung();
            row.put("cpu", PairReport.fixed(result.meanCpuMsPerRequest(a, b, b), 4) + " vs "
                    + PairReport.fixed(result.meanCpuMsPerRequest(a, b, a), 4));
            row.put("bytes", String.format(Locale.ROOT, "%,.0f", result.meanBytesPerRequest(a, b, b)));
            row.put("ratio", describe(versus.ratios().get(PairedMetric.CPU)));
            row.put("p50", describe(versus.ratios().get(PairedMetric.P50)));
            row.put("p99", describe(versus.ratios().get(PairedMetric.P99)));
            references.add(row);
        }
        return references;
    }

    /** A row per rung driven alone. */
    private static List<Map<String, Object>> alone(LineupResult result) {
        List<Map<String, Object>> alone = new ArrayList<>();
        result.alone().forEach((rung, figures) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rung", rung);
            row.put("rps", figures.describe());
            row.put("perPass", String.join(", ",
                    figures.perPass().stream().map(v -> String.format(Locale.ROOT, "%,.0f", v)).toList()));
            row.put("errors", figures.errors());
            alone.add(row);
        });
        return alone;
    }

    /** A row per pass. */
    private static List<Map<String, Object>> passes(LineupResult result) {
        List<Map<String, Object>> passes = new ArrayList<>();
        for (LineupResult.Pass pass : result.passes()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("pass", pass.pass());
            row.put("started", pass.startOrder().get(0));
            row.put("chain", pass.upward() ? "up" : "down");
            row.put("schedule", pass.schedule().get(0));
            row.put("warmup", String.format(Locale.ROOT, "%.0f s, %s", pass.warmup().took().toMillis() / 1000.0,
                    pass.warmup().quiet() ? "JIT quiet" : "WARMUP ran out"));
            row.put("jit", pass.jitBusyWindows() + " of " + pass.windowCount());
            row.put("errors", pass.errors());
            passes.add(row);
        }
        return passes;
    }

    /**
     * "loop-pools spends 1.94 × [1.90, 1.99] nginx's CPU per request, measured in the
     * same seconds", for the last gateway that calls auth-service on every request and
     * the last that caches.
     */
    public static List<String> headline(LineupResult result) {
        List<String> lines = new ArrayList<>();
        for (LineupResult.Versus versus : result.headline()) {
            PairedRatio cpu = versus.ratios().get(PairedMetric.CPU);
            if (cpu != null) {
                lines.add(versus.rung() + " spends " + cpu.interval() + " " + versus.reference()
                        + "'s CPU per request, measured in the same seconds");
            }
        }
        return lines;
    }

    /** FAIL_ON's ✓/✗ line per step; none without FAIL_ON. */
    public static List<GateLine> gates(LineupResult result, String failOn) {
        if (failOn.isBlank()) {
            return List.of();
        }
        return result.steps().stream().map(step -> PairReport.gate(step, failOn, "")).toList();
    }

    /** The end-of-run block: the headline, then a line per step. */
    public static List<String> console(LineupResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("Steps (each rung against the gateway rung before it, in the same seconds; CPU per request, "
                + "bytes per request):");
        for (LineupResult.Step step : result.steps()) {
            lines
                .add("  " + step.from() + " → " + step.to() + ": CPU " + describe(step.verdicts().get(PairedMetric.CPU))
                        + "; bytes " + describe(step.verdicts().get(PairedMetric.BYTES))
                        + (step.noVerdict() == null ? "" : " (" + step.noVerdict() + ")"));
        }
        headline(result).forEach(line -> lines.add("  " + line));
        return lines;
    }

    private static String describe(PairedRatio ratio) {
        return ratio == null ? "no verdict" : ratio.describe();
    }

}
