package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;

/**
 * Where a gateway rung's time goes: the client's mean latency, the gateway's server time,
 * its auth call and the mode it reported. A foreign gateway has none of the lab's timers,
 * so those are unknown rather than empty.
 */
public record TimesSection(Table table) implements Section {

    static TimesSection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            if (!r.measured() || !r.target().equals("gateway")) {
                continue;
            }
            if (facts.foreignGateway()) {
                rows.add(List.of(r.name(), Cells.ms(r.latency().clientMean()), "unknown", "unknown",
                        "unknown (a foreign gateway)"));
                continue;
            }
            RungResult.GatewayTimes times = r.times() == null ? new RungResult.GatewayTimes(null, null) : r.times();
            rows.add(List.of(r.name(), Cells.ms(r.latency().clientMean()), Cells.ms(times.serverMs()),
                    Cells.ms(times.authCallMs()), r.mode() == null ? "" : r.mode().toString()));
        }
        return new TimesSection(new Table(List.of("rung", "client latency (wrk mean) ms",
                "gateway server time (mean) ms", "auth call (mean) ms", "mode the gateway reported"), rows));
    }

    @Override
    public Map<String, Object> view() {
        return Section.tableView(table);
    }
}
