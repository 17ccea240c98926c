package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;

import dev.perflab.lab.Durations;
import dev.perflab.lab.verdict.NoiseBudget;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Resolution;

/**
 * How a paired make lab spends its time: before it starts, what its planned passes can
 * resolve for each kind of duet at the spread measured here ({@link PlanNoise}), the
 * windows a duet that narrow a step most for the time (Kalibera and Jones), and its
 * budget, TIME; after the planned passes, further passes that restart only the rungs of
 * the steps not yet at ±3 % CPU and ±1 % bytes (a gateway against nginx: ±3 % CPU), as
 * long as the next one fits in TIME. Each interval keeps its 95 % under this stopping by
 * Stein's rule ({@link dev.perflab.lab.verdict.SequentialLooks}).
 */
public final class PassPlanner {

    /** The half-width a step's or a gateway-against-nginx CPU ratio should reach. */
    public static final double CPU_TARGET = 0.03;

    /** The half-width a step's bytes ratio should reach. */
    public static final double BYTES_TARGET = 0.01;

    /** What a gateway's warm-up takes on the README's machine, in seconds (25 to 60). */
    static final long WARMUP_SECONDS = 40;

    private final LineupPlan plan;

    private final PlanNoise noise;

    private final Duration budget;

    private final LongSupplier nanoTime;

    private final long started;

    /** Measured against estimated time of the planned passes, once they ran. */
    private double calibration = Double.NaN;

    /**
     * @param budget TIME: no pass beyond the planned ones starts unless it ends within it
     * @param nanoTime the clock ({@code System::nanoTime}; a test's own)
     */
    public PassPlanner(LineupPlan plan, PlanNoise noise, Duration budget, LongSupplier nanoTime) {
        this.plan = plan;
        this.noise = noise;
        this.budget = budget;
        this.nanoTime = nanoTime;
        this.started = nanoTime.getAsLong();
    }

    /** The plan's passes, never more: make advise's and make trend COMMITS='. */
    public static PassPlanner fixed(LineupPlan plan) {
        return new PassPlanner(plan, null, Duration.ZERO, System::nanoTime);
    }

    /**
     * The lines printed before anything starts: each kind's resolution, the FAIL_ON gate
     * when the plan cannot resolve it, the windows, the budget.
     */
    public List<String> opening() {
        List<String> lines = new ArrayList<>();
        int passes = plan.passes();
        int k = plan.windows().size();
        boolean references = plan.duets().stream().anyMatch(LineupPlan.Duet::reference);
        double step = Resolution.halfWidth(passes, noise.step().perPassSd(k));
        lines.add(String.format(Locale.ROOT,
                "Resolution of a gateway step: %d passes of %d windows, about ±%.1f %% CPU (95 %%; %s; %s)", passes, k,
                100 * step, noise.step().describe(), noise.source()));
        if (references) {
            lines.add(String.format(Locale.ROOT,
                    "Resolution of a gateway against nginx: %d passes of %d windows, about ±%.1f %% CPU (%s)", passes,
                    k, 100 * Resolution.halfWidth(passes, noise.nginx().perPassSd(k)), noise.nginx().describe()));
        }
        if (!Double.isNaN(plan.failOn()) && step > plan.failOn()) {
            lines.add(String.format(Locale.ROOT,
                    "FAIL_ON=%s asks for ±%.1f %%, finer than %d passes resolve (±%.1f %%): a step costlier by %s can "
                            + "pass unseen unless TIME's further passes narrow it; PASSES=%d or more resolve it",
                    plan.failOnText(), 100 * plan.failOn(), passes, 100 * step, plan.failOnText(),
                    noise.step().passesFor(plan.failOn(), k, 200)));
        }
        lines.add(windows());
        lines.add(time());
        return lines;
    }

    /** Kalibera and Jones's windows a duet for a gateway step, and why. */
    String windows() {
        long window = Math.max(1, plan.windows().get(0).toSeconds());
        long all = plan.entrants().size();
        double perDuet = (double) (seconds(all, plan.gateways().size(), plan.duets().size(), true)
                - plan.duets().size() * plan.measured().toSeconds()) / plan.duets().size();
        NoiseBudget step = noise.step();
        int best = step.bestWindows(perDuet, window, LineupPlan.MAX_WINDOWS);
        String why = String.format(Locale.ROOT,
                "k* = √((%.0f s of starts and warm-ups a duet / %d s a window) × (%.1f %% within / %.1f %% between)²)",
                perDuet, window, 100 * Math.sqrt(step.withinPass()), 100 * Math.sqrt(step.betweenPass()));
        int k = plan.windows().size();
        return String.format(Locale.ROOT, "Windows: %d of %d s a duet; %s = %d%s", k, window, why, best, best == k
                ? ", this plan's"
                : String.format(Locale.ROOT, ": DURATION=%ds would narrow a step most for the time", best * window));
    }

    /** The budget line: TIME, the planned passes' time, what may follow. */
    String time() {
        long all = seconds(plan.entrants().size(), plan.gateways().size(), plan.duets().size(), true);
        long planned = plan.passes() * all;
        long one = seconds(2, 2, 1, false);
        long room = Math.max(0, (budget.toSeconds() - planned) / one);
        return String.format(Locale.ROOT,
                "Time: TIME=%s; the %d planned passes about %d min; then, while the next fits in TIME, passes that "
                        + "restart only the rungs of the steps not yet at ±%.0f %% CPU and ±%.0f %% bytes (gateways "
                        + "against nginx ±%.0f %%: about %d of one step); every interval keeps its 95 %% by Stein's "
                        + "rule, the planned passes' spread (docs 13)",
                Durations.format(budget), plan.passes(), Math.round(planned / 60.0), 100 * CPU_TARGET,
                100 * BYTES_TARGET, 100 * CPU_TARGET, room);
    }

    /**
     * A pass's estimated seconds: its rungs started (about 3 s each on two cores), each
     * gateway warmed up once, each duet a part at its rate and its windows, then (for a
     * whole pass) wrk on each rung alone.
     */
    long seconds(long rungs, long gateways, long duets, boolean alone) {
        long aloneAll = alone ? plan.aloneSeconds() : 0;
        return 10 + 3 * rungs + gateways * Math.min(plan.warmup().toSeconds(), WARMUP_SECONDS)
                + duets * (plan.warmupProbe().toSeconds() + plan.measured().toSeconds() + 1) + aloneAll;
    }

    /**
     * The rungs the next pass restarts, after the planned passes: those of the duets not
     * yet at their targets; null when every one is there, when the next pass would end
     * beyond TIME, or when there is no budget. Says which in {@code say}.
     */
    public Set<String> next(LineupResult sofar, java.util.function.Consumer<String> say) {
        if (noise == null || sofar.passes().size() < plan.passes()) {
            return null;
        }
        if (plan.passes() < FEWEST_PLANNED) {
            // Stein's t(1) = 12.7 would spend all of TIME on a step that is already there
            say.accept("PASSES=" + plan.passes() + ": too few passes to plan further ones from their spread "
                    + "(it needs " + FEWEST_PLANNED + "); TIME adds none");
            return null;
        }
        double elapsed = (nanoTime.getAsLong() - started) / 1e9;
        if (Double.isNaN(calibration)) {
            long estimated = plan.passes()
                    * seconds(plan.entrants().size(), plan.gateways().size(), plan.duets().size(), true);
            calibration = Math.max(0.5, elapsed / Math.max(1, estimated));
        }
        List<LineupPlan.Duet> open = open(sofar);
        if (open.isEmpty()) {
            say.accept(String.format(Locale.ROOT,
                    "Every step at ±%.0f %% CPU and ±%.0f %% bytes, every gateway against nginx at ±%.0f %%, after %d "
                            + "passes (%.1f min): no pass more",
                    100 * CPU_TARGET, 100 * BYTES_TARGET, 100 * CPU_TARGET, sofar.passes().size(), elapsed / 60));
            return null;
        }
        Set<String> rungs = new LinkedHashSet<>();
        open.forEach(duet -> {
            rungs.add(duet.a().name());
            rungs.add(duet.b().name());
        });
        long gateways = plan.entrants().stream().filter(e -> e.gateway() && rungs.contains(e.name())).count();
        double next = calibration * seconds(rungs.size(), gateways, open.size(), false);
        String names = String.join(", ", open.stream().map(LineupPlan.Duet::name).toList());
        if (elapsed + next > budget.toSeconds() || sofar.passes().size() >= PASSES_MOST) {
            say.accept(String.format(Locale.ROOT,
                    "TIME=%s spent (%.1f min, the next pass about %.1f min more): no pass more; not yet at their "
                            + "targets: %s",
                    Durations.format(budget), elapsed / 60, next / 60, names));
            return null;
        }
        say.accept(String.format(Locale.ROOT,
                "  pass %d, beyond the %d planned (%.1f of TIME=%s spent, about %.1f min more): restarts only %s, "
                        + "for %s",
                sofar.passes().size() + 1, plan.passes(), elapsed / 60, Durations.format(budget), next / 60,
                String.join(", ", rungs), names));
        return rungs;
    }

    /** The most passes a lineup takes (LineupPlan's bound on PASSES). */
    static final int PASSES_MOST = 200;

    /** The fewest planned passes whose spread further passes are planned from. */
    static final int FEWEST_PLANNED = 3;

    /** The duets whose intervals are wider than their targets, in the chain's order. */
    List<LineupPlan.Duet> open(LineupResult result) {
        List<LineupPlan.Duet> open = new ArrayList<>();
        for (LineupPlan.Duet duet : plan.duets()) {
            if (!wider(result, duet).isEmpty()) {
                open.add(duet);
            }
        }
        return open;
    }

    /**
     * What of a duet is wider than its target: "CPU ±4.2 %", "bytes ±1.3 %"; empty when
     * it is at its targets or has no verdict to narrow (a rung failed).
     */
    static List<String> wider(LineupResult result, LineupPlan.Duet duet) {
        String a = duet.a().name();
        String b = duet.b().name();
        List<String> wider = new ArrayList<>();
        if (duet.reference()) {
            result.references()
                .stream()
                .filter(v -> v.reference().equals(a) && v.rung().equals(b) && v.noVerdict() == null)
                .findFirst()
                .ifPresent(v -> add(wider, "CPU", v.ratios().get(PairedMetric.CPU), CPU_TARGET));
        }
        else {
            result.steps()
                .stream()
                .filter(s -> s.from().equals(a) && s.to().equals(b) && s.noVerdict() == null)
                .findFirst()
                .ifPresent(s -> {
                    add(wider, "CPU", s.verdicts().get(PairedMetric.CPU), CPU_TARGET);
                    add(wider, "bytes", s.verdicts().get(PairedMetric.BYTES), BYTES_TARGET);
                });
        }
        return wider;
    }

    private static void add(List<String> wider, String metric, PairedRatio ratio, double target) {
        Double half = ratio == null ? null : ratio.halfWidthPercent();
        if (half == null) {
            wider.add(metric + " without an interval");
        }
        else if (half > 100 * target + 1e-9) {
            wider.add(String.format(Locale.ROOT, "%s ±%.1f %% (target ±%.0f %%)", metric, half, 100 * target));
        }
    }

    /**
     * The end of the run's word on resolution: each duet left wider than its target with
     * its width and passes, or that none was.
     */
    public static List<String> closing(LineupResult result) {
        List<String> lines = new ArrayList<>();
        for (LineupPlan.Duet duet : result.plan().duets()) {
            List<String> wider = wider(result, duet);
            if (!wider.isEmpty()) {
                long passes = result.passes()
                    .stream()
                    .filter(p -> p.duet(duet.a().name(), duet.b().name()) != null)
                    .count();
                lines.add(duet.name() + ": " + String.join(", ", wider) + " after " + passes + " passes");
            }
        }
        if (lines.isEmpty()) {
            lines.add(String.format(Locale.ROOT,
                    "every step at ±%.0f %% CPU and ±%.0f %% bytes, every gateway against nginx at ±%.0f %%",
                    100 * CPU_TARGET, 100 * BYTES_TARGET, 100 * CPU_TARGET));
        }
        else {
            lines.add(0, "wider than the target:");
        }
        return lines;
    }

    /** report.md's section on resolution, after the rest. */
    public static String markdown(LineupResult result) {
        List<String> lines = closing(result);
        StringBuilder section = new StringBuilder("\n## Resolution\n\n");
        int planned = result.plan().passes();
        if (result.passes().size() > planned) {
            section.append(String.format(Locale.ROOT,
                    "After the %d planned passes, %d more restarted only the rungs of the steps not yet at their "
                            + "targets (TIME); each interval is read with the planned passes' spread (Stein's rule, "
                            + "docs 13).\n\n",
                    planned, result.passes().size() - planned));
        }
        if (lines.size() == 1) {
            return section.append("After ")
                .append(result.passes().size())
                .append(" passes, ")
                .append(lines.get(0))
                .append(".\n")
                .toString();
        }
        section.append("Wider than the target (±3 % CPU, ±1 % bytes; a gateway against nginx ±3 % CPU):\n\n");
        lines.subList(1, lines.size()).forEach(line -> section.append("- ").append(line).append('\n'));
        return section.toString();
    }

}
