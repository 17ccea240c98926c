package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.RunLock;
import dev.perflab.lab.system.StopOnExit;

/**
 * Runs a {@link RunPlan}: its rungs, pass by pass, into one results folder. Nothing
 * measured is lost: summary.json is rewritten after every rung, and a failure or Ctrl-C
 * leaves error.txt and a report of what ran.
 */
public final class LabRun {

    private LabRun() {
    }

    /**
     * @param report renders the report from the folder once summary.json is written:
     * after the last rung, after a failing one and from the exit hook; the caller's,
     * since a run knows no report
     */
    public static RunFolder execute(RunPlan plan, PrintWriter out, Consumer<RunFolder> report) {
        try (RunLock lock = RunLock.acquire("make " + plan.command().id())) {
            RunFolder run = RunFolder.create(plan.results(), plan.command().id());
            lock.describe("make " + plan.command().id() + ", " + run.dir());
            return execute(plan, run, out, report);
        }
    }

    private static RunFolder execute(RunPlan plan, RunFolder run, PrintWriter out, Consumer<RunFolder> report) {
        Map<String, Object> info = RunInfo.describe(plan.root(), plan.command().id(), plan.runtime().kind().id(),
                plan.parameters());
        if (plan.gateway() != null) {
            info.put("gateway", plan.gateway());
        }
        run.writeJson("run.json", info);
        out.println("Results: " + run.dir());
        out.flush();
        Passes passes = new Passes(plan.rungs().size(), plan.settings().connections(), !plan.runtime().kind().remote());
        RungRunner runner = new RungRunner(plan.runtime(), plan.targets(), plan.measurement(), plan.settings(), out);
        out.println(plan.expectedDuration());
        out.flush();
        AtomicBoolean interrupted = new AtomicBoolean();
        try (StopOnExit onExit = StopOnExit.register("report", () -> {
            interrupted.set(true);
            run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
            finish(run, passes.results(), plan.gateway(), report);
        })) {
            List<String> failures = new ArrayList<>();
            for (int pass = 1; pass <= plan.repeat(); pass++) {
                for (int i = 0; i < plan.rungs().size(); i++) {
                    passes.add(i, runRung(plan, runner, run, pass, i, interrupted, failures, out));
                    run.writeJson("summary.json", summary(passes.results(), plan.gateway()));
                }
            }
            finish(run, passes.results(), plan.gateway(), report);
            // through to its end: its report is whole, a failed rung marked in it
            run.finished();
            if (!failures.isEmpty()) {
                throw new LabException(failures.get(0)
                        + (failures.size() == 1 ? "" : " (and " + (failures.size() - 1) + " more: see error.txt)")
                        + " (results: " + run.dir() + ")");
            }
        }
        return run;
    }

    /**
     * One pass of one rung. A failure is kept (error.txt, the rung marked failed in
     * summary.json and the report, what it measured in its folder) and the ladder goes on
     * to the next rung; the run then ends with the first failure's line. On Ctrl-C or
     * SIGTERM the run ends here.
     */
    private static RungResult runRung(RunPlan plan, RungRunner runner, RunFolder run, int pass, int i,
            AtomicBoolean interrupted, List<String> failures, PrintWriter out) {
        List<Scenario> rungs = plan.rungs();
        Scenario scenario = rungs.get(i);
        String relative = (rungs.size() == 1 ? "." : scenario.name()) + (pass == 1 ? "" : "/pass-" + pass);
        Path dir = run.dir().resolve(relative).normalize();
        String label = "[" + ((pass - 1) * rungs.size() + i + 1) + "/" + rungs.size() * plan.repeat() + "]"
                + (plan.repeat() > 1 ? " pass " + pass + ":" : "");
        try {
            return runner.run(scenario, dir, relative, label, pass);
        }
        catch (RuntimeException ex) {
            String failure = ex instanceof LabException ? ex.getMessage()
                    : "unexpected " + ex.getClass().getSimpleName() + ": " + ex.getMessage()
                            + " (a bug in the lab: the stack trace is in " + run.resolve("error.txt") + ")";
            String message = "rung " + scenario.name() + ": " + failure;
            if (interrupted.get()) {
                // on Ctrl-C the exit hook says so; wrk's exit from it is no failure of
                // its own
                throw new LabException(message + " (results so far: " + run.dir() + ")", ex);
            }
            failures.add(message);
            run.error(String.join("\n\n", failures) + (ex instanceof LabException ? "" : "\n\n" + stackTrace(ex)));
            boolean last = pass == plan.repeat() && i == rungs.size() - 1;
            out.println("    " + label + " " + scenario.name() + " failed: " + failure
                    + (last ? "" : "; the ladder goes on"));
            out.flush();
            return RungResult.failed(scenario, failure);
        }
    }

    /**
     * What each rung measured so far, pass by pass. The exit hook reads it while the main
     * thread may add to it, so both go through this object's lock.
     */
    private static final class Passes {

        private final List<List<RungResult>> byRung = new ArrayList<>();

        private final int connections;

        private final boolean restarted;

        Passes(int rungs, int connections, boolean restarted) {
            this.connections = connections;
            this.restarted = restarted;
            for (int i = 0; i < rungs; i++) {
                byRung.add(new ArrayList<>());
            }
        }

        synchronized void add(int rung, RungResult result) {
            byRung.get(rung).add(result);
        }

        /** Each rung with a pass so far, its passes combined, with its step's verdict. */
        synchronized List<RungResult> results() {
            return Results.withVerdicts(byRung.stream()
                .filter(passes -> !passes.isEmpty())
                .map(passes -> Results.combine(passes, Runtime.getRuntime().availableProcessors(), connections,
                        restarted))
                .toList());
        }

    }

    private static String stackTrace(Throwable ex) {
        StringWriter trace = new StringWriter();
        ex.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }

    /** summary.json, then the report from the folder: the same path make report takes. */
    private static void finish(RunFolder run, List<RungResult> results, Map<String, Object> gateway,
            Consumer<RunFolder> report) {
        run.writeJson("summary.json", summary(results, gateway));
        report.accept(run);
    }

    /**
     * summary.json: the rungs, and which gateway they drove when any did (the user's own:
     * foreign, with what the lab could read of it).
     */
    private static Map<String, Object> summary(List<RungResult> results, Map<String, Object> gateway) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("rungs", results);
        if (gateway != null) {
            summary.put("gateway", gateway);
        }
        return summary;
    }

}
