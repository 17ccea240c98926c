package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import dev.perflab.lab.result.RungResult;
import tools.jackson.databind.JsonNode;

/**
 * The rungs side by side, the report's main table: req/s and its cv over the repeats, the
 * ratios to the baseline and to nginx, latency percentiles, errors, each service's mean
 * CPU and what changed. A skipped rung keeps its row with the reason.
 *
 * @param cores the machine's cores from run.json (null when it did not say), for the note
 * on CPU %
 */
public record RungsSection(Table table, Integer cores) implements Section {

    static RungsSection of(RunFacts facts) {
        TreeSet<String> services = new TreeSet<>();
        facts.rungs()
            .stream()
            .filter(RungResult::measured)
            .map(RungResult::cpu)
            .filter(c -> c != null && c.percent() != null)
            .forEach(c -> services.addAll(c.percent().keySet()));
        List<String> header = new ArrayList<>(List.of("rung", "profiles", "req/s", "cv", "x baseline", "x nginx",
                "p50 ms", "p90 ms", "p99 ms", "max ms", "errors"));
        services.forEach(s -> header.add("CPU " + s + " %"));
        header.add("what changed");
        Optional<RungResult> baseline = facts.reference("backend");
        Optional<RungResult> nginx = facts.reference("nginx");
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            List<String> row = new ArrayList<>();
            row.add(r.name());
            row.add(r.rung().profiles().isEmpty() ? "-" : String.join(",", r.rung().profiles()));
            if (!r.measured()) {
                row.add(r.notMeasured());
                while (row.size() < header.size() - 1) {
                    row.add("");
                }
            }
            else {
                row.add(Cells.count(r.throughput().rps()));
                row.add(r.throughput().cv() == null ? "n/a" : Cells.format("%.1f%%", r.throughput().cv() * 100));
                row.add(ratio(r, baseline));
                row.add(ratio(r, nginx));
                row.add(Cells.ms(r.latency().p50()));
                row.add(Cells.ms(r.latency().p90()));
                row.add(Cells.ms(r.latency().p99()));
                row.add(Cells.ms(r.latency().max()));
                row.add(r.throughput().errorsText());
                services.forEach(s -> row
                    .add(Optional.ofNullable(r.cpu()).map(c -> c.of(s)).map(v -> Cells.format("%.0f", v)).orElse("")));
            }
            row.add(r.rung().changes());
            rows.add(row);
        }
        JsonNode cores = facts.info().path("machine").path("cores");
        return new RungsSection(new Table(header, rows), cores.isNumber() ? cores.asInt() : null);
    }

    private static String ratio(RungResult r, Optional<RungResult> reference) {
        return reference.filter(ref -> ref.throughput().rps() > 0)
            .map(ref -> Cells.format("%.2f", r.throughput().rps() / ref.throughput().rps()))
            .orElse("");
    }

    /**
     * Always present: the note on the figures follows the table even when no rung ran.
     */
    @Override
    public Map<String, Object> view() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("table", Views.optional(Section.tableView(table)));
        view.put("cores", cores == null ? List.of() : List.of(Map.of("count", cores, "percent", cores * 100)));
        return view;
    }
}
