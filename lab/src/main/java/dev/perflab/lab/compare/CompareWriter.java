package dev.perflab.lab.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.report.Templates;
import dev.perflab.lab.verdict.Ratio;

/**
 * Renders a {@link Comparison} as compare.md and a self-contained compare.html from the
 * templates under {@code templates/}.
 */
public final class CompareWriter {

    private static final double CHART_MIN = 0.5;

    private static final double CHART_MAX = 2.0;

    private static final int CHART_WIDTH = 480;

    private final Comparison comparison;

    private final String failOn;

    private final List<Comparison.Row> failing;

    public CompareWriter(Comparison comparison, String failOn, List<Comparison.Row> failing) {
        this.comparison = comparison;
        this.failOn = failOn;
        this.failing = failing;
    }

    public String markdown() {
        return Templates.compile("compare.md", Templates.MARKDOWN).execute(model());
    }

    public String html() {
        return Templates.compile("compare.html", Templates.HTML).execute(model());
    }

    Map<String, Object> model() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("a", comparison.a());
        model.put("b", comparison.b());
        model.put("warnings", comparison.warnings());
        model.put("hasWarnings", !comparison.warnings().isEmpty());
        List<Map<String, Object>> rows = new ArrayList<>();
        int y = 0;
        for (Comparison.Row row : comparison.rows()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("rung", row.rung());
            r.put("rpsA", rps(row.rpsA()));
            r.put("rpsB", rps(row.rpsB()));
            r.put("rps", row.rpsText());
            r.put("cpu", row.step() == null ? "n/a" : Comparison.describe(row.step().proxyCpuPerRequest()));
            r.put("cpuAtRate", row.step() == null || row.step().proxyCpuAtRate() == null ? "n/a"
                    : Comparison.describe(row.step().proxyCpuAtRate()));
            r.put("bytes", row.step() == null || row.step().gatewayBytesPerRequest() == null ? "n/a"
                    : Comparison.describe(row.step().gatewayBytesPerRequest()));
            r.put("covers", row.coversA().equals(row.coversB()) ? row.coversA()
                    : "A: " + row.coversA() + "; B: " + row.coversB());
            if (row.step() != null && row.step().rps() != null) {
                r.put("bar", bar(row.step().rps(), y));
                y += 28;
            }
            else {
                r.put("bar", List.of());
            }
            rows.add(r);
        }
        model.put("rows", rows);
        model.put("chartHeight", Math.max(y, 28) + 24);
        model.put("chartWidth", CHART_WIDTH + 160);
        model.put("one", x(1.0));
        model.put("onlyInA", String.join(", ", comparison.onlyInA()));
        model.put("onlyInB", String.join(", ", comparison.onlyInB()));
        model.put("hasOnly", !comparison.onlyInA().isEmpty() || !comparison.onlyInB().isEmpty());
        model.put("failOn", failOn);
        List<String> names = new java.util.ArrayList<>(failing.stream().map(Comparison.Row::gateName).toList());
        if (!failOn.isEmpty()) {
            comparison.onlyInA().forEach(rung -> names.add(rung + " (missing from B)"));
        }
        model.put("failing", names);
        model.put("failed", !names.isEmpty());
        return model;
    }

    /**
     * One row of the ratio chart: the interval as a line, the ratio as a dot, on a log
     * scale from 0.5 to 2.
     */
    private static Map<String, Object> bar(Ratio ratio, int y) {
        Map<String, Object> bar = new LinkedHashMap<>();
        bar.put("y", y + 14);
        bar.put("x", x(ratio.ratio()));
        bar.put("low", x(ratio.low() == null ? ratio.ratio() : ratio.low()));
        bar.put("high", x(ratio.high() == null ? ratio.ratio() : ratio.high()));
        bar.put("colour", ratio.verdict() == null ? "#888"
                : ratio.verdict().better() ? "#2a7d2a" : ratio.verdict().worse() ? "#b22222" : "#555");
        bar.put("label", String.format(Locale.ROOT, "%.2f", ratio.ratio()));
        return bar;
    }

    private static long x(double ratio) {
        double clamped = Math.max(CHART_MIN, Math.min(CHART_MAX, ratio));
        return 140 + Math.round(
                (Math.log(clamped) - Math.log(CHART_MIN)) / (Math.log(CHART_MAX) - Math.log(CHART_MIN)) * CHART_WIDTH);
    }

    private static String rps(Double rps) {
        return rps == null ? "-" : String.format(Locale.ROOT, "%,.0f", rps);
    }

}
