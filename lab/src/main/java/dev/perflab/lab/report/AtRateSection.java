package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.Spread;

/**
 * Each rung at the fixed offered rate after its closed loop (RATE): achieved req/s, p99,
 * the proxy's and the load generator's CPU ms per request with intervals, and the cv
 * between passes of the proxy's. There the CPU a request costs is not the mirror of the
 * closed loop's req/s.
 *
 * @param offered the offered rate as printed
 */
public record AtRateSection(Table table, String offered) implements Section {

    static AtRateSection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            RungResult.AtRate at = r.atRate();
            if (at == null) {
                continue;
            }
            if (!at.measured()) {
                rows.add(List.of(r.name(), "not offered: " + at.skipped(), "", "", "", "", "", "", ""));
                continue;
            }
            Intervals i = at.intervals();
            Estimate cpu = Cells.proxyCpu(i);
            Estimate generator = i.cpuMsPerRequest() == null ? null : i.cpuMsPerRequest().get("load-generator");
            rows.add(List.of(r.name(), Cells.count(i.rps().mean()),
                    i.p99Ms() == null ? "" : Cells.format("%.2f", i.p99Ms().mean()),
                    cpu == null ? "" : Cells.format("%.3f", cpu.mean()), Cells.interval(cpu, "%.3f"),
                    Cells.halfWidth(cpu), cvBetweenPasses(cpu, i),
                    generator == null ? "" : Cells.format("%.3f", generator.mean()), i.covers()));
        }
        return new AtRateSection(
                new Table(List.of("rung", "achieved req/s", "p99 ms", "proxy CPU ms per request", "95 % interval", "+-",
                        "cv between passes", "load generator CPU ms per request", "intervals cover"), rows),
                facts.offeredRate());
    }

    /**
     * n/a with one pass or when the interval is within one pass (its values are
     * sub-windows, not passes).
     */
    private static String cvBetweenPasses(Estimate cpu, Intervals i) {
        return cpu == null || cpu.n() < 2 || i.covers().startsWith("within") ? "n/a"
                : Cells.format("%.1f %%", Spread.coefficientOfVariation(cpu.values()) * 100);
    }

    @Override
    public Map<String, Object> view() {
        if (table.isEmpty()) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>(table.view());
        view.put("offered", offered);
        return view;
    }
}
