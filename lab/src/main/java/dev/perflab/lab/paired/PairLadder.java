package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.run.LeftOut;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunInfo;
import dev.perflab.lab.system.RunLock;
import dev.perflab.lab.system.StopOnExit;
import dev.perflab.lab.verdict.PairedRatio;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * make pair-ladder: the ladder's gateway steps as paired comparisons. Each gateway rung
 * runs at the same time as the gateway rung before it (A the rung before, B the rung), so
 * every step's ratio is measured in the same seconds on both sides, and a step's verdict
 * needs no other run. One fixed reference rung beside every rung would cost as many pairs
 * but give each step only as the ratio of two ratios from different runs, whose variances
 * add. ladder.md and ladder.json are rewritten after every step, so a failure or Ctrl-C
 * keeps every step that finished.
 */
public final class PairLadder {

    /**
     * One step: rung {@code to} paired with the gateway rung before it, {@code from}.
     */
    public record Step(int number, Scenario from, Scenario to) {

        public String name() {
            return from.name() + " → " + to.name();
        }

        /** The folder name of this step's pair. */
        String folder() {
            return "step-" + number + "-" + to.name();
        }

    }

    /** A finished (or cut-off) step and what its pair measured. */
    public record Done(Step step, LineupResult result) {

        /**
         * The metric that carried the verdict: the first of CPU, bytes, p50 and p99 whose
         * interval excludes 1.00; null when none does.
         */
        public PairedMetric carriedBy() {
            return result.pairStep().carriedBy();
        }

    }

    private PairLadder() {
    }

    /**
     * The steps of a ladder: consecutive gateway rungs, paired. A rung that cannot be
     * paired (the backend, nginx, a rung with its own auth latency: both sides of a pair
     * share one auth-service; a JDK this machine lacks) is left out with one line saying
     * why; the gateway rungs among them are added to {@code leftOut}, steps not measured.
     * @param authLatency the auth latency the pair's auth-service runs with
     */
    public static List<Step> steps(List<Scenario> rungs, String authLatency, PrintWriter out, List<LeftOut> leftOut) {
        List<Scenario> paired = new ArrayList<>();
        for (Scenario rung : rungs) {
            LeftOut left = rung.authLatency() != null && !Objects.equals(rung.authLatency(), authLatency)
                    ? new LeftOut(rung.name(), "it sets auth_latency " + rung.authLatency()
                            + ", and both sides of a pair share one auth-service at AUTH_LATENCY=" + authLatency)
                    : LeftOut.withoutJdk(rung);
            if (rung.target() != TargetKind.GATEWAY) {
                out.println("rung " + rung.name()
                        + " left out: make pair-ladder pairs the lab's gateway rungs, and this one measures "
                        + (rung.target() == TargetKind.BACKEND ? "the backend alone" : "nginx"));
            }
            else if (left != null) {
                out.println(left.line());
                leftOut.add(left);
            }
            else {
                paired.add(rung);
            }
        }
        if (paired.size() < 2) {
            throw new LabException("make pair-ladder needs at least two gateway rungs to pair, and "
                    + (paired.isEmpty() ? "there is none" : "there is one (" + paired.get(0).name() + ")")
                    + ": name two or more with ONLY=, e.g. ONLY=reactive,log-quiet");
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i < paired.size(); i++) {
            steps.add(new Step(i, paired.get(i - 1), paired.get(i)));
        }
        out.flush();
        return steps;
    }

    /**
     * Runs every step's pair into one results folder, one sub-folder per step.
     * @param plans the pair plan of a step, given the folder its pair goes into
     * @param stepRender writes a step's compare.md after each of its passes
     * @param render writes ladder.md from the steps done so far
     * @return the steps done
     */
    public static List<Done> run(List<Step> steps, BiFunction<Step, Path, LineupPlan> plans, Path results,
            Map<String, Object> parameters, PrintWriter out, Consumer<LineupResult> stepRender,
            Consumer<Ladder> render) {
        return run(steps, plans, results, parameters, out, stepRender, render, ProfilerChoice.NONE);
    }

    /**
     * @param profiler PROFILER: attached to both gateways of every step for its measured
     * windows
     */
    public static List<Done> run(List<Step> steps, BiFunction<Step, Path, LineupPlan> plans, Path results,
            Map<String, Object> parameters, PrintWriter out, Consumer<LineupResult> stepRender, Consumer<Ladder> render,
            ProfilerChoice profiler) {
        try (RunLock lock = RunLock.acquire("make pair-ladder")) {
            RunFolder run = RunFolder.create(results, "pair-ladder");
            lock.describe("make pair-ladder, " + run.dir());
            return run(steps, plans, run, parameters, out, stepRender, render, profiler);
        }
    }

    private static List<Done> run(List<Step> steps, BiFunction<Step, Path, LineupPlan> plans, RunFolder run,
            Map<String, Object> parameters, PrintWriter out, Consumer<LineupResult> stepRender, Consumer<Ladder> render,
            ProfilerChoice profiler) {
        SideSettings settings = plans.apply(steps.get(0), run.dir()).settings();
        run.writeJson("run.json",
                RunInfo.describe(settings.root(), "pair-ladder", settings.runtime().id(), parameters));
        List<Done> done = new ArrayList<>();
        out.println("Results: " + run.dir());
        out.println(steps.size() + " steps, each a paired comparison of a rung with the rung before it: "
                + String.join(", ", steps.stream().map(Step::name).toList()));
        out.flush();
        try (StopOnExit onExit = StopOnExit.register("pair-ladder", () -> {
            run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run; the steps that finished are in ladder.md");
            write(run, steps, done, render);
        })) {
            for (Step step : steps) {
                out.println("== step " + step.number() + "/" + steps.size() + ": " + step.name() + " ("
                        + step.to().changes() + ")");
                out.flush();
                LineupPlan plan = plans.apply(step, run.dir());
                try {
                    // each step a pair, the smallest lineup, in a folder of its own
                    LineupResult result = LineupRun.measure(plan, step.folder(), "make pair-ladder", out, Stages::open,
                            stepRender, last -> {
                            }, profiler);
                    synchronized (done) {
                        done.add(new Done(step, result));
                    }
                }
                catch (RuntimeException ex) {
                    run.failed(ex, "step " + step.number() + " (" + step.name() + "): " + LabException.describe(ex),
                            () -> write(run, steps, done, render));
                    throw ex instanceof LabException ? new LabException("step " + step.number() + " (" + step.name()
                            + "): " + ex.getMessage() + " (steps so far: " + run.resolve("ladder.md") + ")", ex) : ex;
                }
                write(run, steps, done, render);
            }
        }
        run.finished();
        out.println("Ladder: " + run.resolve("ladder.md"));
        out.flush();
        return done;
    }

    /** What ladder.md and ladder.json show: the steps planned and those done. */
    public record Ladder(Path dir, List<Step> planned, List<Done> done) {

        /**
         * ladder.json: the design, the steps planned and done, each done step's verdicts.
         */
        public Json json() {
            return new Json(DESIGN, planned.size(), done.size(), done.stream().map(StepJson::of).toList());
        }

        private static final String DESIGN = "each gateway rung paired with the gateway rung before it: both at the "
                + "same time, in front of the same auth-service and business-service, offered the same rate";

        /** ladder.json, as Jackson writes it. */
        @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
        public record Json(String design, int stepsPlanned, int stepsDone, List<StepJson> steps) {
        }

        /**
         * A step done: its rungs, its folder, its pair's passes, verdicts and the metric
         * that carried them; why there are none (left out when there are).
         */
        @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
        public record StepJson(int step, String a, String b, String changes, String folder, int passesDone,
                EnumMap<PairedMetric, PairedRatio> verdicts, PairedMetric carriedBy,
                @JsonInclude(JsonInclude.Include.NON_NULL) String noVerdict) {

            static StepJson of(Done done) {
                LineupResult.Step pair = done.result().pairStep();
                return new StepJson(done.step().number(), done.step().from().name(), done.step().to().name(),
                        done.step().to().changes(), done.result().dir().getFileName().toString(),
                        done.result().passes().size(), pair.verdicts(), done.carriedBy(), pair.noVerdict());
            }

        }

    }

    private static void write(RunFolder run, List<Step> steps, List<Done> done, Consumer<Ladder> render) {
        List<Done> sofar;
        synchronized (done) {
            sofar = List.copyOf(done);
        }
        Ladder ladder = new Ladder(run.dir(), steps, sofar);
        run.writeJson("ladder.json", ladder.json());
        render.accept(ladder);
    }

}
