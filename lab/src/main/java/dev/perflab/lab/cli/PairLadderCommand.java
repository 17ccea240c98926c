package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.Durations;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.pairedreport.PairLadderReport;
import dev.perflab.lab.pairedreport.PairReport;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.paired.PairLadder;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SloCheck;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.run.LeftOut;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.ScenarioLadder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * make pair-ladder: every gateway step of a ladder file as a paired comparison of the
 * rung with the rung before it.
 */
@Command(name = "pair-ladder",
        description = "The ladder's gateway steps (lab/scenarios.yml, or LADDER=lean), each rung at the same time as the rung before it, "
                + "with paired verdicts per step (ladder.md, ladder.json, a compare.md per step).")
public class PairLadderCommand implements Callable<Integer> {

    @Mixin
    PairOptions options;

    /**
     * PROFILER and EVENT: both gateways of every step profiled in their measured windows.
     */
    @Mixin
    ProfileOptions profile;

    /** SLO: a ✓/✗ line for both sides of every step from their windows. */
    @Mixin
    GateOptions gate;

    /**
     * GATEWAY_JAR: the jar every rung runs with its profiles (GATEWAY_IMAGE is one line).
     */
    @Mixin
    OwnGatewayOptions own;

    /** GATEWAY_JAR, read once. */
    private Path gatewayJar;

    @Mixin
    LadderOption ladder;

    @Mixin
    OnlyOption only;

    @Mixin
    FailOnOption failOn;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        options.validate();
        failOn.threshold();
        Slo slo = gate.slo();
        gatewayJar = PairedKnobs.gatewayJar(own, options.repository(), "make pair-ladder");
        int passes = options.passes();
        Path file = ladder.file(options.repository());
        List<PairLadder.Step> steps = steps(file, out);
        for (PairLadder.Step step : steps) {
            plan(step, options.results(), passes);
        }
        LineupPlan first = plan(steps.get(0), options.results(), passes);
        ProfilerChoice profiler = PairedKnobs.profiler(profile, options.repository(), List.of(first.a(), first.b()));
        PairedKnobs.announce(profiler, out);
        out.println(PairLadderReport.expected(steps.size(), first));
        out.println(first.resolution());
        Map<String, Object> parameters = PairLadderReport.parameters(file, steps, first,
                failOn.given() ? failOn.text() : null);
        List<PairLadder.Done> done = PairLadder.run(steps, (step, dir) -> plan(step, dir, passes), options.results(),
                parameters, out,
                sofar -> RunFolder.write(sofar.dir().resolve("compare.md"),
                        PairedKnobs.profiles(profiler, sofar.dir()).apply(PairReport.markdown(sofar))),
                ladder -> RunFolder.write(ladder.dir().resolve("ladder.md"),
                        PairLadderReport.markdown(ladder, file, first)),
                profiler);
        List<GateLine> gates = new ArrayList<>(done.stream()
            .map(step -> PairReport.gate(step.result().pairStep(), failOn.text(), step.step().name() + ": "))
            .filter(java.util.Objects::nonNull)
            .toList());
        gates.forEach(out::println);
        List<SloCheck.Line> sides = new ArrayList<>();
        if (slo != null) {
            done.forEach(step -> sides.addAll(SloCheck.of(slo, step.result(), step.step().name() + ": ")));
        }
        gates.addAll(PairedKnobs.slo(slo, first.closedLoop() ? 0 : first.ratePerSide(), sides, out));
        out.flush();
        return GateLine.exitCode(gates);
    }

    /**
     * The ladder's steps, each rung with the one before it; FAIL_ON with a rung left out
     * ends here, before anything starts.
     */
    List<PairLadder.Step> steps(Path file, PrintWriter out) {
        List<Scenario> rungs = ScenarioLadder.load(file).select(only.names());
        List<LeftOut> leftOut = new ArrayList<>();
        List<PairLadder.Step> steps = PairLadder.steps(rungs, options.authLatency(), out, leftOut);
        List<String> kept = new ArrayList<>(List.of(steps.get(0).from().name()));
        steps.forEach(step -> kept.add(step.to().name()));
        LeftOut.refuseUnderGate(failOn.text(), leftOut, kept);
        return steps;
    }

    /**
     * A step's pair: A the rung before, B the rung, each with its profiles, options and
     * JDK.
     */
    private LineupPlan plan(PairLadder.Step step, Path results, int passes) {
        return options.plan(side("A", step.from()), side("B", step.to()), options.rate(), results, failOn.text());
    }

    private Side side(String label, Scenario rung) {
        return Side.of(label, String.join(",", rung.profiles().isEmpty() ? List.of("reactive") : rung.profiles()),
                rung.javaOpts(), rung.jdk(), options.repository(), gatewayJar);
    }

}
