package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.StepVerdict;

/**
 * Each rung against the one before it: req/s and the proxy's CPU per request (and at the
 * fixed offered rate, when the run had one; and the gateway's bytes per request with the
 * metrics that carried the step, when the run counted them), as ratio, 95 % interval and
 * verdict. The verdicts are computed by the run ({@link StepVerdict}); this only prints
 * them.
 */
public record VerdictsSection(Table table) implements Section {

    static VerdictsSection of(RunFacts facts) {
        boolean atRate = facts.anyAtRate();
        boolean bytes = facts.anyBytes();
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            StepVerdict step = r.verdict();
            if (step == null) {
                continue;
            }
            if (step.withheld() != null) {
                List<String> row = new ArrayList<>(List.of(r.name(), step.against(), step.withheld()));
                while (row.size() < 6 + (atRate ? 2 : 0) + (bytes ? 3 : 0)) {
                    row.add("");
                }
                rows.add(row);
                continue;
            }
            if (step.rps() == null) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(r.name(), step.against(), Cells.ratioWithInterval(step.rps()),
                    Cells.verdictWords(step.rps()), Cells.ratioWithInterval(step.proxyCpuPerRequest()),
                    Cells.verdictWords(step.proxyCpuPerRequest())));
            if (atRate) {
                row.add(Cells.ratioWithInterval(step.proxyCpuAtRate()));
                row.add(Cells.verdictWords(step.proxyCpuAtRate()));
            }
            if (bytes) {
                row.add(Cells.ratioWithInterval(step.gatewayBytesPerRequest(), 3));
                row.add(Cells.verdictWords(step.gatewayBytesPerRequest()));
                row.add(step.noVerdict() != null ? Cells.ONE_START
                        : step.carriedBy() == null || step.carriedBy().isEmpty() ? "nothing beyond noise"
                                : String.join(", ", step.carriedBy().stream().map(Cells::metricName).toList()));
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("rung", "against", "req/s: ratio [95 % interval]",
                "req/s verdict", "proxy CPU per request: ratio [95 % interval]", "CPU verdict"));
        if (atRate) {
            header.add("at " + facts.offeredRate() + " req/s: proxy CPU per request ratio [95 % interval]");
            header.add("CPU verdict at " + facts.offeredRate() + " req/s");
        }
        if (bytes) {
            header.add("gateway bytes per request: ratio [95 % interval]");
            header.add("bytes verdict");
            header.add("carried by");
        }
        return new VerdictsSection(new Table(header, rows));
    }

    @Override
    public Map<String, Object> view() {
        return Section.tableView(table);
    }
}
