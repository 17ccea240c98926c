package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.PassPlanner;
import dev.perflab.lab.paired.PlanNoise;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.SloCheck;
import dev.perflab.lab.paired.SideSettings;
import dev.perflab.lab.pairedreport.PairedLabReport;
import dev.perflab.lab.paired.Stages;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.ScenarioLadder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * make lab: the ladder measured in pairs. Every pass starts every rung of the ladder
 * file, then measures a chain of duets: each step the ratio of a rung to the gateway rung
 * before it in the same windows, the best gateways against nginx in the same seconds;
 * then each rung alone with wrk for its closed-loop req/s.
 */
@Command(name = "paired-lab",
        description = "The ladder (lab/scenarios.yml, or LADDER=lean) as a chain of duets: each step a paired verdict "
                + "against the rung before it, the best gateways against nginx, in the same seconds (report.md, lab.json).")
public class PairedLabCommand implements Callable<Integer> {

    @Mixin
    PairOptions options;

    @Mixin
    HistoryOption history;

    /** PROFILER and EVENT: every gateway rung profiled in its measured windows. */
    @Mixin
    ProfileOptions profile;

    /** SLO: a ✓/✗ line per rung from its windows. */
    @Mixin
    GateOptions gate;

    /** GATEWAY_JAR: the jar every gateway rung runs (GATEWAY_IMAGE is one line). */
    @Mixin
    OwnGatewayOptions own;

    /** PROFILER as the plan read it. */
    private ProfilerChoice profiler = ProfilerChoice.NONE;

    @Mixin
    LadderOption ladder;

    @Mixin
    OnlyOption only;

    @Option(names = "--alone", defaultValue = "${env:ALONE:-3s}", converter = Durations.class,
            description = "wrk's closed loop on each rung alone after every pass's windows, for the req/s column; 0s for none (default: ${DEFAULT-VALUE}).")
    Duration alone;

    @Mixin
    WrkOptions wrk;

    @Mixin
    FailOnOption failOn;

    /** TIME: the budget of the passes beyond PASSES. */
    @Mixin
    TimeOption time;

    /** GATEWAY_HOST, AGENT_HOSTS: the gateway rungs on a host of their own. */
    @Mixin
    HostOptions hosts;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        LineupPlan plan = plan(out);
        out.println(plan.expectedDuration());
        PassPlanner planner = new PassPlanner(plan, PlanNoise.of(plan.results()), time.budget(), System::nanoTime);
        planner.opening().forEach(out::println);
        out.flush();
        PairedKnobs.announce(profiler, out);
        LineupResult result = LadderMeasure.measure(plan, "lab", "make lab", out, done -> {
        }, profiler, planner, hosts.opener());
        PairedLabReport.console(result).forEach(out::println);
        List<String> resolution = PassPlanner.closing(result);
        out.println("Resolution: " + resolution.get(0));
        resolution.subList(1, resolution.size()).forEach(line -> out.println("  " + line));
        out.println("Report: " + result.dir().resolve("report.md"));
        int appended = history.append(result.dir(), plan.results(), out);
        List<GateLine> gates = new ArrayList<>(PairedLabReport.gates(result, failOn.text()));
        gates.forEach(out::println);
        Slo slo = gate.slo();
        gates.addAll(PairedKnobs.slo(slo, plan.ratePerSide(), slo == null ? List.of() : SloCheck.of(slo, result), out));
        out.flush();
        return HistoryOption.exitCode(GateLine.exitCode(gates), appended);
    }

    /** Every knob read and checked once, before anything starts. */
    LineupPlan plan(PrintWriter out) {
        options.validate();
        gate.slo();
        wrk.validate();
        failOn.threshold();
        time.budget();
        if (alone.isNegative() || !alone.isZero() && alone.toMillis() < 1000) {
            throw new LabException("ALONE must be 0s (none) or at least 1s, not " + Durations.format(alone));
        }
        Path root = options.repository();
        Path file = ladder.file(root);
        List<Scenario> rungs = ScenarioLadder.load(file).select(only.names());
        Path gatewayJar = PairedKnobs.ladderJar(own, root, rungs, out);
        List<LineupPlan.Entrant> entrants = LadderEntrants.of(rungs, root, options.gatewayJavaOptions(),
                options.authLatency(), failOn.text(), gatewayJar, out);
        // a paired make lab starts two gateways or more: PROFILER=jprofiler is one line
        // here, so no rung takes its agent
        profiler = PairedKnobs.profiler(profile, root, entrants.stream().map(LineupPlan.Entrant::side).toList());
        out.flush();
        LineupPlan plan = options.chain(entrants, options.rate(), alone, wrk, failOn.threshold(), failOn.text());
        hosts.check(root, entrants.stream().map(LineupPlan.Entrant::side).toList(), plan.settings().runtime(), false,
                profiler, "make lab");
        return plan;
    }

}
