package dev.perflab.lab.report;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.stats.StatsLog;

/**
 * What report.html's script draws, inlined as JSON: every rung as in summary.json, CPU
 * over time per rung from its stats.log (or stats.jsonl), and the sweep's series when the
 * run was a sweep.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartData(List<RungResult> rungs, List<CpuSeries> cpu, SweepSection.SweepSeries sweep) {

    /**
     * One rung's CPU % per service, as [seconds since the rung's first sample, % of one
     * core] points.
     */
    public record CpuSeries(String rung, Map<String, List<List<Number>>> services) {
    }

    static ChartData of(RunFacts facts, SweepSection sweep) {
        return new ChartData(facts.rungs(), cpuSeries(facts), sweep.series());
    }

    /**
     * Per measured rung, each service's CPU % over seconds since the rung's first sample.
     */
    private static List<CpuSeries> cpuSeries(RunFacts facts) {
        List<CpuSeries> series = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            if (!r.measured() || r.dir() == null) {
                continue;
            }
            StatsLog log = StatsLog.read(facts.dir().resolve(r.dir()).normalize().resolve("stats.log"));
            if (log.lines().isEmpty()) {
                continue;
            }
            LocalDateTime start = log.lines().get(0).time();
            Map<String, List<List<Number>>> services = new LinkedHashMap<>();
            log.byService()
                .forEach((name, lines) -> services.put(name, lines.stream()
                    .map(line -> List.<Number>of(Duration.between(start, line.time()).toSeconds(), line.cpuPercent()))
                    .toList()));
            series.add(new CpuSeries(r.name(), services));
        }
        return series;
    }
}
