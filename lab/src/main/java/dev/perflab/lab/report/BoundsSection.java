package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;

/**
 * What could cap each measured rung: the blocked event loop, the CPU, the closed loop's
 * connections; the lowest binds.
 */
public record BoundsSection(Table table) implements Section {

    static BoundsSection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            if (!r.measured() || r.bounds() == null) {
                continue;
            }
            rows.add(List.of(r.name(), Cells.count(r.throughput().rps()), Cells.count(r.bounds().eventLoop()),
                    Cells.count(r.bounds().cpu()), Cells.count(r.bounds().closedLoop())));
        }
        return new BoundsSection(new Table(List.of("rung", "req/s", "event loops / auth call (blocking)",
                "cores / CPU ms per request", "connections / latency"), rows));
    }

    @Override
    public Map<String, Object> view() {
        return Section.tableView(table);
    }
}
