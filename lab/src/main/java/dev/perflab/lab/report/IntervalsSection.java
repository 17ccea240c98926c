package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.Spread;

/**
 * Each measured rung's req/s, p99 and the proxy's CPU ms per request with their 95 %
 * intervals and what variance they cover, then the run's noise floor: the smallest change
 * it can tell from noise.
 *
 * @param noiseFloor null when no gateway rung has an interval
 */
public record IntervalsSection(Table table, NoiseFloor noiseFloor) implements Section {

    /**
     * The median half-width of the gateway rungs' 95 % intervals, in % of the mean.
     *
     * @param cpu the gateway's CPU per request; null when no rung had one
     * @param covers what variance the intervals cover, as the first gateway rung says
     */
    public record NoiseFloor(double rps, Double cpu, String covers) {
    }

    static IntervalsSection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            Intervals i = r.intervals();
            if (!r.measured() || i == null || i.rps() == null) {
                continue;
            }
            Estimate cpu = Cells.proxyCpu(i);
            rows.add(List.of(r.name(), Cells.count(i.rps().mean()), Cells.interval(i.rps(), "%,.0f"),
                    Cells.halfWidth(i.rps()), i.p99Ms() == null ? "" : Cells.format("%.2f", i.p99Ms().mean()),
                    Cells.interval(i.p99Ms(), "%.2f"), cpu == null ? "" : Cells.format("%.3f", cpu.mean()),
                    Cells.interval(cpu, "%.3f"), Cells.halfWidth(cpu), i.covers()));
        }
        return new IntervalsSection(
                new Table(List.of("rung", "req/s", "95 % interval", "+-", "p99 ms", "95 % interval",
                        "proxy CPU ms per request", "95 % interval", "+-", "intervals cover"), rows),
                noiseFloor(facts));
    }

    private static NoiseFloor noiseFloor(RunFacts facts) {
        List<Double> rps = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        String covers = null;
        for (RungResult r : facts.rungs()) {
            Intervals i = r.intervals();
            if (!r.measured() || !r.target().equals("gateway") || i == null) {
                continue;
            }
            covers = covers == null ? i.covers() : covers;
            Optional.ofNullable(i.rps()).map(Estimate::halfWidthPercent).ifPresent(rps::add);
            Optional.ofNullable(Cells.proxyCpu(i)).map(Estimate::halfWidthPercent).ifPresent(cpu::add);
        }
        return rps.isEmpty() ? null
                : new NoiseFloor(Spread.median(rps), cpu.isEmpty() ? null : Spread.median(cpu), covers);
    }

    @Override
    public Map<String, Object> view() {
        if (table.isEmpty() && noiseFloor == null) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("table", Views.optional(Section.tableView(table)));
        view.put("noiseFloor", noiseFloor == null ? List.of()
                : List.of(Map.of("rps", Cells.format("%.1f", noiseFloor.rps()), "cpu",
                        Views.optional(noiseFloor.cpu() == null ? null : Cells.format("%.1f", noiseFloor.cpu())),
                        "covers", noiseFloor.covers())));
        return view;
    }
}
