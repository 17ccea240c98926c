package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.result.RungResult;

/**
 * Capacity at the SLO per rung (open model), against nginx's in the same run, and closed
 * versus open model explained with this run's numbers.
 *
 * @param explained null when no rung has both a closed-loop warm-up and capacity steps
 */
public record CapacitySection(Table table, ClosedVersusOpen explained) implements Section {

    /**
     * One rung's closed-loop req/s next to its p99 at the nearest offered rate, and its
     * capacity.
     *
     * @param near the capacity step whose offered rate is nearest the closed loop's req/s
     */
    public record ClosedVersusOpen(int connections, String rung, double closedLoopRps, Point near, String slo,
            double rpsAtSlo) {
    }

    static CapacitySection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        Optional<Double> nginx = facts.rungs()
            .stream()
            .filter(r -> r.target().equals("nginx") && r.capacity() != null)
            .map(r -> r.capacity().rpsAtSlo())
            .findFirst();
        for (RungResult r : facts.rungs()) {
            CapacityResult c = r.capacity();
            if (c == null) {
                continue;
            }
            rows.add(List.of(r.name(), c.slo(), Cells.count(c.rpsAtSlo()),
                    nginx.filter(n -> n > 0).map(n -> Cells.format("%.2f", c.rpsAtSlo() / n)).orElse(""),
                    Cells.count(c.closedLoopRps()), Integer.toString(c.points().size()),
                    c.generator() == null ? "" : c.generator()));
        }
        return new CapacitySection(new Table(List.of("rung", "SLO", "capacity at the SLO, req/s", "x nginx",
                "closed loop (warm-up), req/s", "steps", "load generator"), rows), explained(facts));
    }

    private static ClosedVersusOpen explained(RunFacts facts) {
        for (RungResult r : facts.rungs()) {
            CapacityResult c = r.capacity();
            if (c == null || c.closedLoopRps() == null || c.points().isEmpty()) {
                continue;
            }
            Point near = c.points()
                .stream()
                .min(Comparator.comparingDouble(p -> Math.abs(p.offeredRps() - c.closedLoopRps())))
                .orElseThrow();
            return new ClosedVersusOpen(facts.parameters().connectionsOr(10), r.name(), c.closedLoopRps(), near,
                    c.slo(), c.rpsAtSlo());
        }
        return null;
    }

    @Override
    public Map<String, Object> view() {
        if (table.isEmpty() && explained == null) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("table", Views.optional(Section.tableView(table)));
        view.put("explained",
                explained == null ? List.of()
                        : List.of(Map.of("connections", Integer.toString(explained.connections()), "rung",
                                explained.rung(), "closedLoopRps", Cells.count(explained.closedLoopRps()), "offeredRps",
                                Cells.count(explained.near().offeredRps()), "p99Ms",
                                Cells.format("%.1f", explained.near().p99Ms()), "slo", explained.slo(), "rpsAtSlo",
                                Cells.count(explained.rpsAtSlo()))));
        return view;
    }
}
