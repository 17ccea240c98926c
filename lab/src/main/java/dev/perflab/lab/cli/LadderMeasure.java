package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.PassPlanner;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.Stages;
import dev.perflab.lab.pairedreport.PairedLabReport;
import dev.perflab.lab.run.RunFolder;

/**
 * A lineup measured on the runtime its plan names, with make lab's report.md after every
 * pass: make lab, make advise and make trend COMMITS= call it.
 */
final class LadderMeasure {

    private LadderMeasure() {
    }

    /**
     * Runs the plan's passes on this machine into a new results folder of {@code kind}
     * (lab.json, report.md after every pass); {@code target} names the command in the run
     * lock.
     */
    static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out) {
        return measure(plan, kind, target, out, result -> {
        });
    }

    /**
     * {@link #measure}, with {@code last} writing the caller's own files into the folder
     * before results/latest points at it.
     */
    static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out,
            Consumer<LineupResult> last) {
        return measure(plan, kind, target, out, last, ProfilerChoice.NONE);
    }

    /**
     * {@link #measure}, with PROFILER attached to every gateway rung and named in the
     * report.
     */
    static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out,
            Consumer<LineupResult> last, ProfilerChoice profiler) {
        return measure(plan, kind, target, out, last, profiler, (LineupRun.Opener) Stages::open);
    }

    /**
     * {@link #measure}, on the stage {@code stages} opens: this machine's, or
     * GATEWAY_HOST and AGENT_HOSTS ({@link HostOptions#opener}).
     */
    static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out,
            Consumer<LineupResult> last, ProfilerChoice profiler, LineupRun.Opener stages) {
        return LineupRun.measure(plan, kind, target, out, stages,
                sofar -> RunFolder.write(sofar.dir().resolve("report.md"),
                        PairedKnobs.profiles(profiler, sofar.dir()).apply(PairedLabReport.markdown(sofar))),
                last, profiler);
    }

    /**
     * {@link #measure}, with the planner's passes after the plan's (make lab's TIME) and
     * report.md's word on what each step's interval reached.
     */
    static LineupResult measure(LineupPlan plan, String kind, String target, PrintWriter out,
            Consumer<LineupResult> last, ProfilerChoice profiler, PassPlanner planner, LineupRun.Opener stages) {
        return LineupRun.measure(plan, kind, target, out, stages,
                sofar -> RunFolder.write(sofar.dir().resolve("report.md"),
                        PairedKnobs.profiles(profiler, sofar.dir()).apply(PairedLabReport.markdown(sofar))
                                + PassPlanner.markdown(sofar)),
                last, profiler, planner);
    }

}
