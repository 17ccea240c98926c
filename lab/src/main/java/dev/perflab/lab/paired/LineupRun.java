package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunOpening;
import dev.perflab.lab.system.StopOnExit;

/**
 * A paired ladder, pass by pass: every rung started at once, then the plan's chain of
 * duets (up the ladder in odd passes, down in even ones), each gateway warmed up when it
 * first appears, each duet measured window by window in the same seconds; then each rung
 * driven alone with wrk, then all stopped. The order of start, the ports and the
 * round-robin schedule are rotated pass by pass from orders shuffled with the seed, so
 * that no rung is always first. lab.json and the caller's report are rewritten after
 * every pass, so a failure or Ctrl-C keeps every pass that finished.
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
        RunOpening opening = new RunOpening(target, plan.settings().root(), plan.results(), kind, kind,
                plan.settings().runtime().id(), plan.json());
        return opening.live(out, run -> {
            out.println("Rungs: " + String.join(", ", plan.entrants().stream().map(LineupPlan.Entrant::name).toList()));
            out.println("Load: " + plan.describeLoad());
            out.flush();
            Stage stage = stages.open(plan, run.dir(), out);
            LineupResult result = execute(plan, stage, run, out, render, profiler, planner);
            last.accept(result);
            return result;
        });
    }

    /**
     * Pass {@code pass}'s order (1-based) of the rungs: {@code base} rotated by pass - 1,
     * so that over as many passes as rungs each rung comes first once.
     */
    static List<String> rotated(List<String> base, int pass) {
        List<String> order = new ArrayList<>(base);
        Collections.rotate(order, -((pass - 1) % Math.max(1, base.size())));
        return order;
    }

    /** The rungs' names shuffled with the random's next values. */
    static List<String> shuffled(List<LineupPlan.Entrant> entrants, Random random) {
        List<String> names = new ArrayList<>(entrants.stream().map(LineupPlan.Entrant::name).toList());
        Collections.shuffle(names, random);
        return names;
    }

    private LineupResult execute(RunFolder run) {
        Random random = new Random(plan.seed());
        List<String> starts = shuffled(plan.entrants(), random);
        List<String> ports = shuffled(plan.entrants(), random);
        List<String> schedules = shuffled(plan.entrants(), random);
        Map<String, LineupPlan.Entrant> byName = new LinkedHashMap<>();
        plan.entrants().forEach(entrant -> byName.put(entrant.name(), entrant));
        try (StopOnExit onExit = StopOnExit.register("lab", () -> {
            run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped, "
                    + "the passes that finished are in report.md");
            write(run);
        }); Stage closing = stage) {
            LineupResult sofar = null;
            for (int pass = 1;; pass++) {
                // beyond the plan's passes, the planner's rungs alone; none: the run ends
                Set<String> only = pass <= plan.passes() ? null : planner.next(sofar, out::println);
                if (pass > plan.passes() && only == null) {
                    break;
                }
                List<LineupPlan.Entrant> order = rotated(starts, pass).stream()
                    .filter(name -> only == null || only.contains(name))
                    .map(byName::get)
                    .toList();
                LineupResult.Pass done = pass(pass, run.dir().resolve("pass-" + pass), order,
                        rotated(ports, pass).stream().filter(name -> only == null || only.contains(name)).toList(),
                        rotated(schedules, pass).stream().filter(name -> only == null || only.contains(name)).toList(),
                        only);
                synchronized (passes) {
                    passes.add(done);
                }
                sofar = write(run);
                progress(done);
            }
        }
        catch (RuntimeException ex) {
            run.failed(ex, LabException.describe(ex), () -> write(run));
            throw ex instanceof LabException
                    ? new LabException(ex.getMessage() + " (results so far: " + run.dir() + ")", ex) : ex;
        }
        return write(run);
    }

    /** The pass's line: each step's CPU ratio in this pass. */
    private void progress(LineupResult.Pass done) {
        StringBuilder line = new StringBuilder(
                "    pass " + done.pass() + " CPU per request, each rung / the one before:");
        for (LineupPlan.Entrant[] step : plan.steps()) {
            LineupResult.Duet duet = done.duet(step[0].name(), step[1].name());
            if (duet != null) {
                line.append(String.format(Locale.ROOT, " %s %.3f", step[1].name(),
                        duet.ratio(PairResult.SideWindow::cpuMsPerRequest)));
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
        run.writeJson("lab.json", result.json());
        render.accept(result);
        return result;
    }

    private LineupResult.Pass pass(int pass, Path dir, List<LineupPlan.Entrant> order, List<String> portRank,
            List<String> schedule, Set<String> only) {
        List<LineupPlan.Duet> chain = plan.duets(pass, only);
        out.printf("  [%d/%d] pass %d: %d rungs started at once (first %s), then %d duets %s the ladder, from %s%n",
                pass, Math.max(pass, plan.passes()), pass, order.size(), order.get(0).name(), chain.size(),
                pass % 2 == 1 ? "up" : "down", chain.get(0).name());
        out.flush();
        try {
            stage.start(dir, order, portRank);
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
                    alone.put(rung, stage.alone(rung, plan.aloneRamp(), plan.alone()));
                }
            }
            return new LineupResult.Pass(pass, pass % 2 == 1, order.stream().map(LineupPlan.Entrant::name).toList(),
                    portRank, schedule, duets, alone);
        }
        finally {
            stage.stopRungs();
        }
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
        PairResult.Warmup warmed = warmUp(cold, both);
        warm.addAll(cold);
        List<Map<String, PairResult.SideWindow>> windows = new ArrayList<>();
        for (Duration length : plan.windows()) {
            profiles.resume(both);
            windows.add(stage.offer(both, length));
            profiles.pause(both);
        }
        LineupResult.Duet done = LineupResult.Duet.of(a, b, warmed, windows);
        out.printf(Locale.ROOT, "    %s: %s; CPU per request %.3f, bytes %s%n", duet.name(), cold.isEmpty()
                ? "both warm"
                : "warm-up of " + String.join(" and ", cold) + " " + Math.round(warmed.took().toMillis() / 1000.0)
                        + " s" + (warmed.quiet() ? "" : " (WARMUP ran out before the JIT went quiet)"),
                done.ratio(PairResult.SideWindow::cpuMsPerRequest), duet.reference() ? "-"
                        : String.format(Locale.ROOT, "%.4f", done.ratio(PairResult.SideWindow::bytesPerRequest)));
        out.flush();
        return done;
    }

    /**
     * The rungs of {@code cold} flat out at once (each its own wrk), in WARMUP_PROBE
     * parts, until no JVM's JIT compiled for more than {@link PairedRun#QUIET_JIT} of its
     * CPU in the last part, or WARMUP is spent; then one part of the duet at its rate,
     * unmeasured, so that its windows start at their own load.
     */
    private PairResult.Warmup warmUp(List<String> cold, List<String> duet) {
        long started = System.nanoTime();
        Duration spent = Duration.ZERO;
        int parts = 0;
        boolean quiet = plan.warmup().isZero() || cold.isEmpty();
        while (!quiet && spent.compareTo(plan.warmup()) < 0) {
            Duration part = plan.warmupProbe().compareTo(plan.warmup().minus(spent)) < 0 ? plan.warmupProbe()
                    : plan.warmup().minus(spent);
            Map<String, PairResult.SideWindow> read = stage.burst(cold, part);
            spent = spent.plus(part);
            parts++;
            if (read.values().stream().noneMatch(PairResult.SideWindow::jitBusy)) {
                quiet = true;
            }
        }
        if (!plan.warmup().isZero()) {
            stage.offer(duet, plan.warmupProbe());
            parts++;
        }
        return new PairResult.Warmup(Duration.ofNanos(System.nanoTime() - started), parts, quiet);
    }

}
