package dev.perflab.lab.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Window;

/**
 * SLO=p99:10ms on a measuring command (make lab, gateway-test, baseline, sweep): after
 * the summary, one ✓/✗ line per measured rung, read from summary.json as the summary is.
 * A rung holds the objective when the closed loop's percentile is at most the limit and
 * at most 0.1 % of its answers failed; where it was also offered the fixed rate (RATE)
 * and the objective is a p99, every fixed-rate window's p99 is at most the limit too, at
 * 98 % or more of the rate (the load the objective is usually promised at).
 */
public final class SloGate {

    private SloGate() {
    }

    /** The heading and one line per measured rung; empty when no rung was measured. */
    public static List<GateLine> lines(Path dir, Slo slo) {
        return lines(ReportModel.facts(dir).rungs(), slo);
    }

    static List<GateLine> lines(List<RungResult> rungs, Slo slo) {
        List<GateLine> lines = new ArrayList<>();
        for (RungResult rung : rungs) {
            if (rung.skipped() == null && rung.measured()) {
                lines.add(line(rung, slo));
            }
        }
        return lines;
    }

    /** How the objective is checked, for the line before the gates. */
    public static String heading(Slo slo) {
        return Cells.format("SLO %s: %s at most %s ms in the closed loop%s, at most %.1f %% errors", slo.text(),
                name(slo), number(slo.limitMs()),
                slo.percentile() == 99 ? " and in every window at the fixed rate" : "", Slo.MAX_ERROR_SHARE * 100);
    }

    private static GateLine line(RungResult rung, Slo slo) {
        boolean held = true;
        List<String> parts = new ArrayList<>();
        Double latency = rung.latency() == null ? null : rung.latency().percentile(key(slo));
        if (latency == null) {
            held = false;
            parts.add("no " + name(slo) + " recorded");
        }
        else {
            boolean within = latency <= slo.limitMs();
            held &= within;
            parts.add(Cells.format("%s %s ms%s (closed loop)", name(slo), number(latency),
                    within ? "" : " > " + number(slo.limitMs()) + " ms"));
        }
        Double share = rung.throughput() == null ? null : rung.throughput().failureShare();
        if (share != null) {
            boolean within = share <= Slo.MAX_ERROR_SHARE;
            held &= within;
            parts.add(Cells.format("%.2f %% errors%s", share * 100,
                    within ? "" : Cells.format(" > %.1f %%", Slo.MAX_ERROR_SHARE * 100)));
        }
        RungResult.AtRate atRate = rung.atRate();
        if (slo.percentile() == 99 && atRate != null && atRate.measured()) {
            double worst = atRate.windows()
                .stream()
                .mapToDouble(w -> w.p99Ms() == null ? Double.POSITIVE_INFINITY : w.p99Ms())
                .max()
                .orElse(Double.POSITIVE_INFINITY);
            double slowest = atRate.windows().stream().mapToDouble(Window::rps).min().orElse(0);
            boolean within = worst <= slo.limitMs();
            boolean kept = slowest >= Slo.MIN_ACHIEVED_SHARE * atRate.offered();
            // failures at the rate count as in the closed loop: 98 % of the rate answered
            // let up to 2 % fail (issue 37)
            long sent = atRate.windows().stream().mapToLong(w -> w.requests() == null ? 0 : w.requests()).sum();
            long failed = atRate.windows().stream().mapToLong(w -> w.errors() == null ? 0 : w.errors()).sum();
            boolean clean = sent == 0 || failed <= Slo.MAX_ERROR_SHARE * sent;
            held &= within && kept && clean;
            parts.add(Cells.format("at %s req/s %s ms in the worst window%s%s%s", number(atRate.offered()),
                    number(worst), within ? "" : " > " + number(slo.limitMs()) + " ms",
                    kept ? "" : Cells.format(" (one window reached only %s req/s)", number(slowest)), clean ? "" : Cells
                        .format(", %.2f %% errors > %.1f %%", 100.0 * failed / sent, Slo.MAX_ERROR_SHARE * 100)));
        }
        return new GateLine(held, rung.name() + ": " + String.join(", ", parts));
    }

    private static String name(Slo slo) {
        return "p" + key(slo);
    }

    private static String key(Slo slo) {
        double p = slo.percentile();
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    private static String number(double value) {
        return value >= 100 ? Cells.format("%.0f", value)
                : value >= 10 ? Cells.format("%.1f", value) : Cells.format("%.2f", value);
    }

}
