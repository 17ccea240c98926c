package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.capacity.Slo;

/**
 * SLO=p99:10ms on a paired target: one ✓/✗ line per side (a rung of make lab, A and B of
 * make compare), read from that side's measured windows, in the words of the sequential
 * targets' gate. A side holds the objective when the percentile is at most the limit in
 * every one of its windows, at most 0.1 % of its requests failed, and (at a fixed rate)
 * every window achieved 98 % of the rate it was offered. nginx is held to it too: it is a
 * reference, not a gateway, but a slow nginx says the machine was too busy.
 */
public final class SloCheck {

    private SloCheck() {
    }

    /** One side's line: whether it held, and what was read. */
    public record Line(boolean held, String text) {
    }

    /** A side's window and the time it lasted. */
    record Timed(SideWindow window, Duration length) {
    }

    /** How the objective is checked, for the line before the sides'. */
    public static String heading(Slo slo, int ratePerSide) {
        return String.format(Locale.ROOT, "SLO %s: %s at most %s ms in every measured window%s, at most %.1f %% errors",
                slo.text(), name(slo), number(slo.limitMs()),
                ratePerSide > 0 ? " at " + ratePerSide + " req/s, each window reaching 98 % of it" : "",
                Slo.MAX_ERROR_SHARE * 100);
    }

    /** A line per rung of a paired make lab, in the ladder's order. */
    public static List<Line> of(Slo slo, LineupResult result) {
        Map<String, List<Timed>> sides = new LinkedHashMap<>();
        result.plan().entrants().forEach(entrant -> sides.put(entrant.name(), new ArrayList<>()));
        for (LineupResult.Pass pass : result.passes()) {
            for (LineupResult.Duet duet : pass.duets()) {
                for (int i = 0; i < duet.windows().size(); i++) {
                    Duration length = result.plan().windows().get(i);
                    duet.windows().get(i).forEach((rung, window) -> sides.get(rung).add(new Timed(window, length)));
                }
            }
        }
        return lines(slo, sides, result.plan().ratePerSide(), "");
    }

    /**
     * A and B of a pair, each named by what it runs; {@code prefix} names the step of a
     * paired ladder.
     */
    public static List<Line> of(Slo slo, LineupResult result, String prefix) {
        Map<String, List<Timed>> sides = new LinkedHashMap<>();
        sides.put(prefix + "A (" + result.plan().a().given() + ")", new ArrayList<>());
        sides.put(prefix + "B (" + result.plan().b().given() + ")", new ArrayList<>());
        List<List<Timed>> ab = new ArrayList<>(sides.values());
        String a = result.plan().entrants().get(0).name();
        String b = result.plan().entrants().get(1).name();
        for (LineupResult.Pass pass : result.passes()) {
            LineupResult.Duet duet = pass.duet(a, b);
            for (int i = 0; i < duet.windows().size(); i++) {
                Duration length = result.plan().windows().get(i);
                ab.get(0).add(new Timed(duet.windows().get(i).get(a), length));
                ab.get(1).add(new Timed(duet.windows().get(i).get(b), length));
            }
        }
        return lines(slo, sides, result.plan().closedLoop() ? 0 : result.plan().ratePerSide(), "");
    }

    static List<Line> lines(Slo slo, Map<String, List<Timed>> sides, int rate, String prefix) {
        List<Line> lines = new ArrayList<>();
        sides.forEach((side, windows) -> lines.add(line(prefix + side, windows, slo, rate)));
        return lines;
    }

    private static Line line(String side, List<Timed> windows, Slo slo, int rate) {
        if (windows.isEmpty()) {
            return new Line(false, side + ": no measured window, so the objective cannot be decided");
        }
        double worst = 0;
        long requests = 0;
        long errors = 0;
        double slowest = Double.POSITIVE_INFINITY;
        for (Timed timed : windows) {
            worst = Math.max(worst, latency(timed.window(), slo));
            requests += timed.window().requests();
            errors += timed.window().errors();
            slowest = Math.min(slowest, timed.window().requests() / (timed.length().toMillis() / 1000.0));
        }
        boolean within = worst <= slo.limitMs();
        boolean clean = requests > 0 && errors <= Slo.MAX_ERROR_SHARE * requests;
        boolean kept = rate == 0 || slowest >= Slo.MIN_ACHIEVED_SHARE * rate;
        String text = String.format(Locale.ROOT, "%s: %s %s ms in the worst of %d windows%s, %.2f %% errors%s%s", side,
                name(slo), Double.isNaN(worst) ? "none recorded" : number(worst), windows.size(),
                within ? "" : " > " + number(slo.limitMs()) + " ms", requests == 0 ? 0.0 : 100.0 * errors / requests,
                clean ? "" : String.format(Locale.ROOT, " > %.1f %%", Slo.MAX_ERROR_SHARE * 100),
                kept ? "" : String.format(Locale.ROOT, " (one window reached only %s req/s)", number(slowest)));
        return new Line(within && clean && kept, text);
    }

    /**
     * The objective's percentile of one window in ms: p50 and p99 as measured, others
     * from the window's histogram (in microseconds); NaN where it has none.
     */
    static double latency(SideWindow window, Slo slo) {
        if (slo.percentile() == 50) {
            return window.p50Ms();
        }
        if (slo.percentile() == 99) {
            return window.p99Ms();
        }
        if (window.histogram() == null || window.histogram().getTotalCount() == 0) {
            return Double.NaN;
        }
        return window.histogram().getValueAtPercentile(slo.percentile()) / 1000.0;
    }

    private static String name(Slo slo) {
        double p = slo.percentile();
        return "p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p));
    }

    private static String number(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

}
