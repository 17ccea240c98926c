package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunOpening;
import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.system.StopOnExit;

/**
 * The one measuring engine of the paired targets, pass by pass: every rung started at
 * once, then the plan's chain of duets (up the ladder in odd passes, down in even ones),
 * each gateway warmed up when it first appears ({@link WarmUp}), each duet measured
 * window by window in the same seconds; then each rung driven alone with wrk, then all
 * stopped. A pair (make compare A_GATEWAY= B_GATEWAY=, a step of make pair-ladder) is the
 * smallest lineup: two sides, one duet A → B a pass. The orders of start, port and
 * schedule change pass by pass ({@link PassOrders}), so that no rung is always first.
 * lab.json (a pair's pair.json) and the caller's report are rewritten after every pass,
 * so a failure or Ctrl-C keeps every pass that finished.
 */
public final class LineupRun {

    private final LineupPlan plan;

    private final Stage stage;

    private final PrintWriter out;

    private final Consumer<LineupResult> render;

    private final ProfilerChoice profiler;

    private final PassPlanner planner;

    private final List<LineupResult.Pass> passes = new ArrayList<>();

    private LineupRun(LineupPlan plan, Stage stage, PrintWriter out, Consumer<LineupResult> render,
            ProfilerChoice profiler, PassPlanner planner) {
        this.plan = plan;
        this.stage = stage;
        this.out = out;
        this.render = render;
        this.profiler = profiler;
        this.planner = planner;
    }

    /**
     * Runs every pass of the plan on the stage into the run folder; the stage is closed
     * at the end.
     * @param render writes the caller's report from the result so far, after every pass
     * and on a failure or Ctrl-C
     */
    public static LineupResult execute(LineupPlan plan, Stage stage, RunFolder run, PrintWriter out,
            Consumer<LineupResult> render) {
        return execute(plan, stage, run, out, render, ProfilerChoice.NONE);
    }

    /**
     * @param profiler PROFILER: attached to every gateway rung for its measured windows,
     * its files written into the rung's folder of each pass
     */
    public static LineupResult execute(LineupPlan plan, Stage stage, RunFolder run, PrintWriter out,
            Consumer<LineupResult> render, ProfilerChoice profiler) {
        return execute(plan, stage, run, out, render, profiler, PassPlanner.fixed(plan));
    }

    /**
     * @param planner after the plan's passes, the rungs each further pass restarts, until
     * it says none
     */
    public static LineupResult execute(LineupPlan plan, Stage stage, RunFolder run, PrintWriter out,
            Consumer<LineupResult> render, ProfilerChoice profiler, PassPlanner planner) {
        return new LineupRun(plan, stage, out, render, profiler, planner).execute(run);
    }

    /**
     * Opens the stage a lineup's passes run on, with the backends' logs under a folder.
     */
    @FunctionalInterface
    public interface Opener {

        Stage open(LineupPlan plan, Path dir, PrintWriter out);

    }

    /**
     * Opens a run of the plan on this machine into a new results folder of {@code kind}
     * (lab.json and the caller's report after every pass), opens its stage with
     * {@code stages}, runs every pass, and points results/latest at it at the end.
     * @param target names the command in the run lock
     * @param render writes the caller's report from the result so far
     * @param last writes the caller's own files into the folder before results/latest
     * points at it
     */
    public static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out, Opener stages,
            Consumer<LineupResult> render, Consumer<LineupResult> last) {
        return measure(plan, kind, target, out, stages, render, last, ProfilerChoice.NONE);
    }

    /** {@link #measure}, with PROFILER attached to every gateway rung's windows. */
    public static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out, Opener stages,
            Consumer<LineupResult> render, Consumer<LineupResult> last, ProfilerChoice profiler) {
        return measure(plan, kind, target, out, stages, render, last, profiler, PassPlanner.fixed(plan));
    }

    /** {@link #measure}, with the planner choosing the passes after the plan's. */
    public static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out, Opener stages,
            Consumer<LineupResult> render, Consumer<LineupResult> last, ProfilerChoice profiler, PassPlanner planner) {
        // run.json names a pair's command as make compare's, whichever target ran it
        RunOpening opening = new RunOpening(target, plan.settings().root(), plan.results(), kind,
                plan.pair() ? "compare" : kind, plan.settings().runtime().id(), plan.json());
        return opening.live(out, run -> {
            if (plan.pair()) {
                out.println("A: " + plan.a().describe());
                out.println("B: " + plan.b().describe());
            }
            else {
                out.println(
                        "Rungs: " + String.join(", ", plan.entrants().stream().map(LineupPlan.Entrant::name).toList()));
            }
            out.println("Load: " + plan.describeLoad());
            out.flush();
            Stage stage = stages.open(plan, run.dir(), out);
            LineupResult result = execute(plan, stage, run, out, render, profiler, planner);
            last.accept(result);
            return result;
        });
    }

    private LineupResult execute(RunFolder run) {
        try (StopOnExit onExit = StopOnExit.register("lab", () -> {
            run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped, "
                    + "the passes that finished are in " + (plan.pair() ? "compare.md" : "report.md"));
            write(run);
        }); Stage closing = stage) {
            measurePasses(run, PassOrders.of(plan));
        }
        catch (RuntimeException ex) {
            run.failed(ex, LabException.describe(ex), () -> write(run));
            throw ex instanceof LabException
                    ? new LabException(ex.getMessage() + " (results so far: " + run.dir() + ")", ex) : ex;
        }
        return write(run);
    }

    /**
     * The pass loop: pass after pass of the plan, each in its orders of start, port and
     * schedule, written (lab.json or pair.json, the report) as soon as it is done.
     */
    private void measurePasses(RunFolder run, PassOrders orders) {
        Map<String, LineupPlan.Entrant> byName = new LinkedHashMap<>();
        plan.entrants().forEach(entrant -> byName.put(entrant.name(), entrant));
        LineupResult sofar = null;
        for (int pass = 1;; pass++) {
            // beyond the plan's passes, the planner's rungs alone; none: the run ends
            Set<String> only = pass <= plan.passes() ? null : planner.next(sofar, out::println);
            if (pass > plan.passes() && only == null) {
                break;
            }
            List<LineupPlan.Entrant> order = kept(orders.start(pass), only).stream().map(byName::get).toList();
            sofar = done(run, pass(pass, run.dir().resolve("pass-" + pass), order, kept(orders.ports(pass), only),
                    kept(orders.schedule(pass), only), only));
        }
    }

    /** The rungs of an order that a pass restarts: all, or the planner's. */
    private static List<String> kept(List<String> order, Set<String> only) {
        return only == null ? order : order.stream().filter(only::contains).toList();
    }

    /** A finished pass kept, written and said in its line. */
    private LineupResult done(RunFolder run, LineupResult.Pass done) {
        synchronized (passes) {
            passes.add(done);
        }
        LineupResult sofar = write(run);
        progress(done);
        return sofar;
    }

    /** The pass's line: each step's CPU ratio in this pass. */
    private void progress(LineupResult.Pass done) {
        if (plan.pair()) {
            LineupResult.Duet duet = done.duets().get(0);
            out.printf(Locale.ROOT, "    pass %d: CPU per request B/A %.3f, p50 B/A %.3f, p99 B/A %.3f%n", done.pass(),
                    duet.ratio(SideWindow::cpuMsPerRequest), duet.ratio(SideWindow::p50Ms),
                    duet.ratio(SideWindow::p99Ms));
            out.flush();
            return;
        }
        StringBuilder line = new StringBuilder(
                "    pass " + done.pass() + " CPU per request, each rung / the one before:");
        for (LineupPlan.Entrant[] step : plan.steps()) {
            LineupResult.Duet duet = done.duet(step[0].name(), step[1].name());
            if (duet != null) {
                line.append(String.format(Locale.ROOT, " %s %.3f", step[1].name(),
                        duet.ratio(SideWindow::cpuMsPerRequest)));
            }
        }
        out.println(line);
        out.flush();
    }

    private LineupResult write(RunFolder run) {
        List<LineupResult.Pass> sofar;
        synchronized (passes) {
            sofar = List.copyOf(passes);
        }
        LineupResult result = LineupResult.of(plan, sofar, run.dir());
        // a pair writes pair.json, as make compare always has: the history and old run
        // folders read it
        if (plan.pair()) {
            run.writeJson("pair.json", PairJson.of(result));
        }
        else {
            run.writeJson("lab.json", result.json());
        }
        render.accept(result);
        return result;
    }

    private LineupResult.Pass pass(int pass, Path dir, List<LineupPlan.Entrant> order, List<String> portRank,
            List<String> schedule, Set<String> only) {
        List<LineupPlan.Duet> chain = plan.duets(pass, only);
        if (plan.pair()) {
            out.printf("  [%d/%d] pass %d: %s on the first port, %s started first, %s first in the schedule%n", pass,
                    Math.max(pass, plan.passes()), pass, portRank.get(0), order.get(0).name(), schedule.get(0));
        }
        else {
            out.printf(
                    "  [%d/%d] pass %d: %d rungs started at once (first %s), then %d duet%s %s the ladder, from %s%n",
                    pass, Math.max(pass, plan.passes()), pass, order.size(), order.get(0).name(), chain.size(),
                    chain.size() == 1 ? "" : "s", pass % 2 == 1 ? "up" : "down", chain.get(0).name());
        }
        out.flush();
        try {
            stage.start(dir, order, portRank);
            Map<String, Integer> ports = stage.ports();
            Set<String> gateways = new HashSet<>();
            order.stream().filter(LineupPlan.Entrant::gateway).forEach(entrant -> gateways.add(entrant.name()));
            PassProfiles profiles = new PassProfiles(profiler,
                    rung -> gateways.contains(rung) ? stage.profiler(rung, profiler, out) : null, out);
            Set<String> warm = new HashSet<>();
            List<LineupResult.Duet> duets = new ArrayList<>();
            for (LineupPlan.Duet duet : chain) {
                duets.add(duet(duet, schedule, warm, profiles));
            }
            profiles.finish(pass, dir);
            Map<String, LoadResult> alone = new LinkedHashMap<>();
            if (!plan.alone().isZero() && only == null) {
                alone.put(null, stage.alone(null, plan.aloneRamp(), plan.alone()));
                for (String rung : schedule) {
                    alone.put(rung,
                            aloneFromWarmUp(rung).orElseGet(() -> stage.alone(rung, plan.aloneRamp(), plan.alone())));
                }
            }
            // a pair's one duet has no way up or down the ladder
            return new LineupResult.Pass(pass, plan.pair() || pass % 2 == 1,
                    order.stream().map(LineupPlan.Entrant::name).toList(), portRank, schedule, duets, alone, ports);
        }
        finally {
            stage.stopRungs();
        }
    }

    /**
     * A gateway's req/s alone read from the last part of its warm-up this pass, where the
     * plan reads it there and that part lasted at least ALONE (WARMUP may cut it short).
     */
    private Optional<LoadResult> aloneFromWarmUp(String rung) {
        LoadResult last = plan.aloneInWarmUp() ? stage.lastBurst(rung) : null;
        return last != null && last.durationMicros() >= plan.alone().toNanos() / 1000 * 9 / 10 ? Optional.of(last)
                : Optional.empty();
    }

    /**
     * One duet of a pass: its cold gateways warmed up, then its windows, each gateway's
     * profiler (PROFILER) sampling during the windows alone.
     */
    private LineupResult.Duet duet(LineupPlan.Duet duet, List<String> schedule, Set<String> warm,
            PassProfiles profiles) {
        String a = duet.a().name();
        String b = duet.b().name();
        List<String> both = schedule.indexOf(a) < schedule.indexOf(b) ? List.of(a, b) : List.of(b, a);
        List<String> cold = new ArrayList<>();
        for (LineupPlan.Entrant entrant : List.of(duet.a(), duet.b())) {
            if (entrant.gateway() && !warm.contains(entrant.name())) {
                cold.add(entrant.name());
            }
        }
        WarmUp.Result warmed = plan.warmUp().runEach(new StageParts(stage), cold, both);
        warm.addAll(cold);
        List<Map<String, SideWindow>> windows = new ArrayList<>();
        List<Stage.Shared> shared = new ArrayList<>();
        for (Duration length : plan.windows()) {
            profiles.resume(both);
            Stage.Shared before = stage.shared();
            windows.add(stage.offer(both, length));
            shared.add(stage.shared().since(before));
            profiles.pause(both);
        }
        LineupResult.Duet done = LineupResult.Duet.of(a, b, warmed, windows, shared);
        out.printf(Locale.ROOT, "    %s: %s; CPU per request %.3f, bytes %s%n", duet.name(), warmedWords(cold, warmed),
                done.ratio(SideWindow::cpuMsPerRequest),
                duet.reference() ? "-" : String.format(Locale.ROOT, "%.4f", done.ratio(SideWindow::bytesPerRequest)));
        out.flush();
        return done;
    }

    /**
     * The duet's warm-up in the progress line: "both warm", or which gateways warmed (one
     * after the other, or together at the rate), how long, and whether WARMUP ran out.
     */
    private static String warmedWords(List<String> cold, WarmUp.Result warmed) {
        if (cold.isEmpty()) {
            return "both warm";
        }
        String joint = cold.size() > 1 && warmed.load() != WarmUp.Load.RATE ? ", then " : " and ";
        return "warm-up (" + warmed.load().id() + ") of " + String.join(joint, cold) + " "
                + Math.round(warmed.took().toMillis() / 1000.0) + " s"
                + (warmed.quiet() ? "" : " (WARMUP ran out before the JIT went quiet)");
    }

}
