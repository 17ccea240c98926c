package dev.perflab.lab.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.StepVerdict;

/**
 * The end of a run on the console, read from the folder's summary.json as the report is:
 * one line per rung (req/s, the proxy's CPU per request with its 95 % interval, and the
 * step's verdicts against the rung before it), then the report's headline (cheapest and
 * fastest gateway rung against the first one and nginx).
 */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    public static List<String> lines(Path dir) {
        RunFacts facts = ReportModel.facts(dir);
        List<String> lines = new ArrayList<>();
        int width = facts.rungs().stream().mapToInt(r -> r.name().length()).max().orElse(4);
        lines.add("Summary:");
        for (RungResult rung : facts.rungs()) {
            lines.add("  " + pad(rung.name(), width) + "  " + rung(rung));
        }
        HeadlineSection headline = HeadlineSection.of(facts);
        lines.addAll(headline.lines());
        if (headline.onePass() && !headline.lines().isEmpty()) {
            lines.add("One pass of each rung: the intervals do not cover a restart (PASSES=3 for that).");
        }
        return lines;
    }

    private static String rung(RungResult rung) {
        if (rung.skipped() != null) {
            return rung.notMeasured();
        }
        if (!rung.measured()) {
            return rung.capacity() != null ? "capacity searched (see the report)" : "not measured";
        }
        StringBuilder line = new StringBuilder(Cells.format("%9s req/s", Cells.count(rung.throughput().rps())));
        Estimate cpu = rung.intervals() == null ? null : Cells.proxyCpu(rung.intervals());
        if (cpu != null) {
            line.append(Cells.format("  %s CPU %.3f ms per request", rung.target(), cpu.mean()));
            if (cpu.hasInterval()) {
                line.append(Cells.format(" [%.3f to %.3f]", cpu.low(), cpu.high()));
            }
        }
        StepVerdict step = rung.verdict();
        if (step != null && step.withheld() != null) {
            line.append("  against ").append(step.against()).append(": ").append(step.withheld());
        }
        else if (step != null && step.rps() != null) {
            line.append("  against ").append(step.against()).append(':');
            line.append(" req/s ").append(HeadlineSection.words(step.rps()));
            if (step.proxyCpuPerRequest() != null) {
                line.append(", CPU ").append(HeadlineSection.words(step.proxyCpuPerRequest()));
            }
        }
        return line.toString();
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }

}
