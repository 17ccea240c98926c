package dev.perflab.lab.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.RunJson;
import dev.perflab.lab.verdict.Ratio;
import dev.perflab.lab.verdict.StepVerdict;
import dev.perflab.lab.verdict.Verdict;
import dev.perflab.lab.verdict.Window;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import java.nio.file.Files;

/**
 * Two runs rung by rung (B against A, as a before/after of a change): req/s and the
 * proxy's CPU per request as ratios with their 95 % intervals and verdicts, the rungs
 * only one run has, and the differences in parameters or machine that make the comparison
 * weaker.
 */
public record Comparison(String a, String b, List<String> warnings, List<Row> rows, List<String> onlyInA,
        List<String> onlyInB) {

    /**
     * One rung present in both runs; {@code step} is null when either side was not
     * measured.
     */
    public record Row(String rung, Double rpsA, Double rpsB, StepVerdict step, String coversA, String coversB) {

        /** The rung's name as a gate that fails on it says it. */
        public String gateName() {
            return step == null ? rung + " (not measured in both runs)"
                    : step.withheld() != null ? rung + " (too many errors for a verdict)"
                            : step.noVerdict() != null ? rung + " (one start each: no verdict)" : rung;
        }

        /** The req/s ratio with its interval and verdict, or why there is none. */
        public String rpsText() {
            return step == null ? "not measured in both"
                    : step.withheld() != null ? step.withheld() : step.rps().describe();
        }

    }

    /**
     * Parameters whose difference is named in a warning; the machine and JDK are compared
     * too.
     */
    static final List<String> PARAMETERS = List.of("threads", "connections", "timeout", "duration", "subwindow",
            "repeat", "auth_latency", "java_opts", "gateway_java_opts", "runtime", "wrk");

    /**
     * Results folder {@code a} against {@code b}; the caller checked that each holds a
     * summary.json.
     */
    public static Comparison of(Path a, Path b) {
        JsonNode infoA = read(a, "run.json");
        JsonNode infoB = read(b, "run.json");
        Map<String, RungResult> rungsA = rungs(a);
        Map<String, RungResult> rungsB = rungs(b);
        List<String> warnings = warnings(infoA, infoB);
        if (rungsA.size() == 1 && rungsB.size() == 1 && !rungsA.keySet().equals(rungsB.keySet())) {
            // two one-rung runs (make gateway-test, say, local against RUNTIME=remote's
            // "gateway"): that rung against that rung
            String nameA = rungsA.keySet().iterator().next();
            String nameB = rungsB.keySet().iterator().next();
            warnings.add(
                    "each run has one rung, named " + nameA + " in A and " + nameB + " in B: compared with each other");
            rungsB = Map.of(nameA, rungsB.get(nameB));
        }
        List<Row> rows = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>(rungsA.keySet());
        names.addAll(rungsB.keySet());
        List<String> onlyA = new ArrayList<>();
        List<String> onlyB = new ArrayList<>();
        for (String name : names) {
            RungResult ra = rungsA.get(name);
            RungResult rb = rungsB.get(name);
            if (ra == null) {
                onlyB.add(name);
            }
            else if (rb == null) {
                onlyA.add(name);
            }
            else {
                StepVerdict step = ra.measured() && rb.measured() ? StepVerdict.of(name, units(ra), units(rb)) : null;
                step = step == null ? null : step.withAtRate(ra.atRateWindows(), rb.atRateWindows());
                String failed = ra.measured() && rb.measured() ? RungResult.failures(ra, rb) : null;
                step = failed == null ? step : StepVerdict.withheld(name, failed);
                rows.add(new Row(name, ra.measured() ? ra.throughput().rps() : null,
                        rb.measured() ? rb.throughput().rps() : null, step, covers(ra), covers(rb)));
            }
        }
        return new Comparison(a.toString(), b.toString(), warnings, rows, onlyA, onlyB);
    }

    /**
     * The rungs that are significantly slower in B by more than {@code threshold} (0.05
     * for 5 %): the req/s verdict is slower and the ratio below 1 - threshold; and those
     * no verdict can be read on (too many errors, not measured in both runs, or a run of
     * one pass, whose windows do not cover a restart), which a gate cannot pass.
     */
    public List<Row> slowerThan(double threshold) {
        return rows.stream()
            .filter(row -> row.step() == null || row.step().withheld() != null || row.step().noVerdict() != null
                    || row.step().rps().verdict() == Verdict.SLOWER && row.step().rps().ratio() < 1 - threshold)
            .toList();
    }

    /**
     * FAIL_ON as a user writes it, "5%" (or "5"), as a fraction; a bad value is one line.
     */
    public static double threshold(String failOn) {
        String value = failOn.trim();
        String number = value.endsWith("%") ? value.substring(0, value.length() - 1).trim() : value;
        try {
            double percent = Double.parseDouble(number);
            if (percent < 0 || percent >= 100 || Double.isNaN(percent)) {
                throw new NumberFormatException();
            }
            return percent / 100;
        }
        catch (NumberFormatException ex) {
            throw new LabException("FAIL_ON must be a percentage from 0 to 100, such as 5%, not '" + failOn + "'");
        }
    }

    private static JsonNode read(Path run, String name) {
        Path file = run.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new LabException(
                    run + " has no " + name + ": is it a results folder of make lab, baseline or gateway-test?");
        }
        return RunJson.MAPPER.readTree(file.toFile());
    }

    private static Map<String, RungResult> rungs(Path run) {
        List<RungResult> list = RunJson.MAPPER.convertValue(read(run, "summary.json").path("rungs"),
                new TypeReference<List<RungResult>>() {
                });
        Map<String, RungResult> byName = new LinkedHashMap<>();
        list.forEach(rung -> byName.put(rung.name(), rung));
        return byName;
    }

    /**
     * A rung's sub-windows; a summary from before they were kept offers its runs' req/s
     * instead.
     */
    static List<Window> units(RungResult rung) {
        if (rung.windows() != null && !rung.windows().isEmpty()) {
            return rung.windows();
        }
        List<Double> runs = rung.throughput().runs() != null && !rung.throughput().runs().isEmpty()
                ? rung.throughput().runs() : List.of(rung.throughput().rps());
        return runs.stream().map(rps -> new Window(1, rps, null, null)).toList();
    }

    private static String covers(RungResult rung) {
        return Optional.ofNullable(rung.intervals())
            .map(i -> i.covers())
            .orElse("one figure per run (a summary from before sub-windows)");
    }

    static List<String> warnings(JsonNode a, JsonNode b) {
        List<String> warnings = new ArrayList<>();
        for (String parameter : PARAMETERS) {
            String va = a.path("parameters").path(parameter).toString();
            String vb = b.path("parameters").path(parameter).toString();
            if (!va.equals(vb)) {
                warnings.add(parameter + ": " + text(a.path("parameters").path(parameter)) + " in A, "
                        + text(b.path("parameters").path(parameter)) + " in B");
            }
        }
        for (String fact : List.of("cpu_model", "cores")) {
            if (!a.path("machine").path(fact).toString().equals(b.path("machine").path(fact).toString())) {
                warnings.add("machine " + fact + ": " + text(a.path("machine").path(fact)) + " in A, "
                        + text(b.path("machine").path(fact)) + " in B");
            }
        }
        if (!a.path("jdk").toString().equals(b.path("jdk").toString())) {
            warnings.add("jdk: " + text(a.path("jdk")) + " in A, " + text(b.path("jdk")) + " in B");
        }
        return warnings;
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? "(none)" : node.isString() ? node.asString() : node.toString();
    }

    /** For templates: a ratio as "1.12 x [1.05, 1.19], costlier" (its metric's words). */
    static String describe(Ratio ratio) {
        return ratio == null ? "n/a" : ratio.describe();
    }
}
