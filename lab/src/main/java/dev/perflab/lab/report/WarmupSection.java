package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;

/**
 * Per measured rung: how long the warm-up took, whether it ended steady, its probes, and
 * what the first 10 s from a cold start read against the measured window.
 */
public record WarmupSection(Table table, boolean reasons) implements Section {

    /** The fixed run right after start the table compares against, in seconds. */
    private static final int COLD_SECONDS = 10;

    static WarmupSection of(RunFacts facts) {
        boolean reasons = facts.warmupReasons();
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            RungResult.WarmupSummary w = r.warmup();
            if (!r.measured() || w == null || w.probes() == null || w.probes().isEmpty()) {
                continue;
            }
            Double cold = RungResult.WarmupSummary.coldReading(w.probes(),
                    w.probeSeconds() == null ? 0 : w.probeSeconds(), COLD_SECONDS);
            List<String> row = new ArrayList<>(
                    List.of(r.name(), w.seconds() == null ? "" : Cells.format("%.0f", w.seconds()),
                            Boolean.TRUE.equals(w.steady()) ? "yes" : "no",
                            String.join(" ", w.probes().stream().map(Cells::count).toList()), Cells.count(cold),
                            cold == null || r.throughput().rps() == 0 ? ""
                                    : Cells.format("%.2f", cold / r.throughput().rps())));
            if (reasons) {
                row.add(w.reason() == null ? "" : w.reason());
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(
                List.of("rung", "warm-up s", "steady", "probes (req/s)", "first 10 s req/s", "first 10 s / measured"));
        if (reasons) {
            header.add("why it ended");
        }
        return new WarmupSection(new Table(header, rows), reasons);
    }

    @Override
    public Map<String, Object> view() {
        Map<String, Object> view = Section.tableView(table);
        if (view != null) {
            view = new java.util.LinkedHashMap<>(view);
            view.put("reasons", reasons);
        }
        return view;
    }
}
