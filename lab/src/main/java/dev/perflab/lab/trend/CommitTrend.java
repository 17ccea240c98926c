package dev.perflab.lab.trend;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Quantity;
import dev.perflab.lab.verdict.Verdict;

/**
 * make trend COMMITS=: each commit against the commit before it, measured in the same
 * seconds, pass by pass (the paired make lab's chain, the commits as its rungs). A commit
 * is a change point where a step's own interval excludes 1.00 and the change is at least
 * the figure's floor: a step measured against its parent in the same seconds needs no
 * detector over a series, and the floor keeps a difference too small to act on from
 * naming a commit among many steps. Each commit's figure against the first commit is the
 * product of the steps before it, pass by pass, with its interval over the passes.
 */
public record CommitTrend(List<Step> steps) {

    /**
     * The smallest change in CPU per request that names a commit: the half-width the
     * paired make lab reaches on two cores for most steps (docs/en/13-paired.md).
     */
    public static final double CPU_FLOOR = 0.02;

    /**
     * The smallest change in bytes per request that names a commit: a few times what
     * bytes move between passes (0.3 %).
     */
    public static final double BYTES_FLOOR = 0.01;

    /**
     * One commit after the first.
     *
     * @param sameAs the commit whose jar it runs (its gateway's sources did not change),
     * or null; such a commit is not measured and cannot change
     * @param cpu CPU per request against the commit before it, or null when not measured
     * @param bytes bytes per request against the commit before it, or null
     */
    public record Step(String commit, String subject, String sameAs, PairedRatio cpu, PairedRatio bytes) {

        /** Whether this commit changed CPU per request beyond noise and the floor. */
        public boolean cpuChanged() {
            return changed(cpu, CPU_FLOOR);
        }

        /** Whether this commit changed bytes per request beyond noise and the floor. */
        public boolean bytesChanged() {
            return changed(bytes, BYTES_FLOOR);
        }

    }

    public CommitTrend {
        steps = List.copyOf(steps);
    }

    static boolean changed(PairedRatio ratio, double floor) {
        return ratio != null && ratio.verdict() != null && ratio.verdict() != Verdict.NO_DIFFERENCE
                && Math.abs(ratio.ratio() - 1) >= floor;
    }

    /** The commits named as change points, in order. */
    public List<Step> changePoints() {
        return steps.stream().filter(step -> step.cpuChanged() || step.bytesChanged()).toList();
    }

    /**
     * Each commit's figure against the first commit: the product of the steps up to it,
     * pass by pass (a commit with its parent's jar is its parent's product), with a 95 %
     * interval over the passes; null where a step has no per-pass ratios.
     */
    public List<PairedRatio> cumulative(boolean cpu) {
        List<PairedRatio> out = new ArrayList<>();
        List<PairedRatio> chain = new ArrayList<>();
        for (Step step : steps) {
            if (step.sameAs() == null) {
                chain.add(cpu ? step.cpu() : step.bytes());
            }
            out.add(chain.isEmpty() ? null : PairedRatio.product(chain, cpu ? Quantity.COST : Quantity.COUNT));
        }
        return out;
    }

    /** The console's and trend.md's words for one step. */
    public static String describe(Step step) {
        if (step.sameAs() != null) {
            return "same gateway sources as " + TrendWriter.shortCommit(step.sameAs()) + ": not measured";
        }
        return "CPU " + words(step.cpu()) + "; bytes " + words(step.bytes());
    }

    private static String words(PairedRatio ratio) {
        return ratio == null ? "not measured" : ratio.describe();
    }

    /** trend.md: each commit's step, the change points, each commit against the first. */
    public String markdown(String range, String first, String firstSubject, String run) {
        StringBuilder md = new StringBuilder("# Trend across commits: ").append(range).append("\n\n");
        md.append("Each commit's gateway against the commit before it, measured in the same seconds (")
            .append(run)
            .append("). A commit is a change point where its step's 95 % interval excludes 1.00 and the change is ")
            .append(String.format(Locale.ROOT, "at least %.0f %% in CPU per request or %.0f %% in bytes per request",
                    CPU_FLOOR * 100, BYTES_FLOOR * 100))
            .append(".\n\n");
        List<Step> changes = changePoints();
        md.append(changes.isEmpty() ? "No change point: no commit moved a figure beyond its noise and floor.\n"
                : "Change points: " + String.join(", ", changes.stream()
                    .map(step -> "`" + TrendWriter.shortCommit(step.commit()) + "` (" + (step.cpuChanged() ? "CPU" : "")
                            + (step.cpuChanged() && step.bytesChanged() ? ", " : "")
                            + (step.bytesChanged() ? "bytes" : "") + ")")
                    .toList()) + "\n");
        md.append("\n| commit | subject | CPU per request / parent [95 %] | bytes per request / parent [95 %] | "
                + "CPU / first | bytes / first | change point |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        md.append("| `")
            .append(TrendWriter.shortCommit(first))
            .append("` | ")
            .append(cell(firstSubject))
            .append(" | first | first | 1 | 1 | |\n");
        List<PairedRatio> cpu = cumulative(true);
        List<PairedRatio> bytes = cumulative(false);
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String change = step.cpuChanged() && step.bytesChanged() ? "**CPU, bytes**"
                    : step.cpuChanged() ? "**CPU**" : step.bytesChanged() ? "**bytes**" : "";
            md.append("| `")
                .append(TrendWriter.shortCommit(step.commit()))
                .append("` | ")
                .append(cell(step.subject()))
                .append(" | ")
                .append(step.sameAs() != null ? "same sources as `" + TrendWriter.shortCommit(step.sameAs()) + "`"
                        : words(step.cpu()))
                .append(" | ")
                .append(step.sameAs() != null ? "" : words(step.bytes()))
                .append(" | ")
                .append(interval(cpu.get(i)))
                .append(" | ")
                .append(interval(bytes.get(i)))
                .append(" | ")
                .append(change)
                .append(" |\n");
        }
        return md.toString();
    }

    private static String interval(PairedRatio ratio) {
        return ratio == null ? "" : ratio.low() == null ? String.format(Locale.ROOT, "%.3f", ratio.ratio())
                : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio.ratio(), ratio.low(), ratio.high());
    }

    private static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|");
    }

}
