package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RunJson;
import dev.perflab.lab.result.RungResult;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * What a report shows, built once from a run's folder ({@code run.json},
 * {@code summary.json}, {@code error.txt}, each rung's {@code stats.log} and
 * {@code faults.log}), as one section per part of the report, in the order report.md
 * shows them, and the charts' data. Each section formats its figures and says whether it
 * is there; its sentences are in its partials under {@code templates/section/}, its
 * statistics in {@code dev.perflab.lab.verdict}.
 */
public record ReportModel(HeaderSection header, HeadlineSection headline, RungsSection main, VerdictsSection verdicts,
        IntervalsSection intervals, JvmSections.Costs jvmCosts, JvmSections.Runtimes runtimes, AtRateSection atRate,
        CapacitySection capacity, BoundsSection bounds, TimesSection times, HotspotsSection hotspots,
        WarmupSection warmup, FaultsSection faults, SweepSection sweep, SamplerCostSection samplerCost,
        ChartData charts) {

    /** Reads the folder a run left. */
    public static ReportModel read(Path dir) {
        RunFacts facts = facts(dir);
        return of(dir, facts.info(), facts.rungs(), facts.error());
    }

    /** What the sections are built from, read from the folder a run left. */
    static RunFacts facts(Path dir) {
        JsonNode info = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile());
        JsonNode summary = RunJson.MAPPER.readTree(dir.resolve("summary.json").toFile());
        List<RungResult> rungs = RunJson.MAPPER.convertValue(summary.path("rungs"),
                new TypeReference<List<RungResult>>() {
                });
        String error = null;
        Path errorFile = dir.resolve("error.txt");
        if (Files.isRegularFile(errorFile)) {
            try {
                error = Files.readString(errorFile).trim();
            }
            catch (IOException ex) {
                throw new LabException("cannot read " + errorFile + ": " + ex.getMessage(), ex);
            }
        }
        return new RunFacts(dir, info, rungs, error);
    }

    /**
     * The model of these results; {@code dir} is where each rung's {@code dir}
     * (stats.log, faults.log) is found.
     */
    public static ReportModel of(Path dir, JsonNode info, List<RungResult> rungs, String error) {
        RunFacts facts = new RunFacts(dir, info, rungs, error);
        SweepSection sweep = SweepSection.of(facts);
        return new ReportModel(HeaderSection.of(facts, error), HeadlineSection.of(facts), RungsSection.of(facts),
                VerdictsSection.of(facts), IntervalsSection.of(facts), JvmSections.Costs.of(facts),
                JvmSections.Runtimes.of(facts), AtRateSection.of(facts), CapacitySection.of(facts),
                BoundsSection.of(facts), TimesSection.of(facts), HotspotsSection.of(facts), WarmupSection.of(facts),
                FaultsSection.of(facts), sweep, SamplerCostSection.of(facts), ChartData.of(facts, sweep));
    }
}
