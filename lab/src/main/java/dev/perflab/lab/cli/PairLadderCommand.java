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
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.paired.PairLadder;
import dev.perflab.lab.paired.PairPlan;
import dev.perflab.lab.paired.PairResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.run.LeftOut;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.ScenarioLadder;
import dev.perflab.lab.verdict.PairedRatio;
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
        int passes = options.passes();
        Path file = ladder.file(options.repository());
        List<PairLadder.Step> steps = steps(file, out);
        for (PairLadder.Step step : steps) {
            plan(step, options.results(), passes);
        }
        PairPlan first = plan(steps.get(0), options.results(), passes);
        out.println(expected(steps.size(), first));
        out.println(first.resolution());
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("scenarios", file.toString());
        parameters.put("steps", steps.stream().map(PairLadder.Step::name).toList());
        parameters.put("passes_per_step", passes);
        parameters.put("rate_per_side", first.ratePerSide());
        parameters.put("windows_per_pass", first.windows().size());
        parameters.put("window", Durations.format(first.windows().get(0)));
        parameters.put("auth_latency", first.authLatency());
        parameters.put("java_opts", String.join(" ", first.javaOptions()));
        if (failOn.given()) {
            parameters.put("fail_on", failOn.text());
        }
        List<PairLadder.Done> done = PairLadder.run(steps, (step, dir) -> plan(step, dir, passes), options.results(),
                parameters, out,
                sofar -> RunFolder.write(sofar.dir().resolve("compare.md"), PairReport.markdown(sofar)),
                ladder -> RunFolder.write(ladder.dir().resolve("ladder.md"), markdown(ladder, file, first)));
        List<GateLine> gates = done.stream()
            .map(step -> PairCommand.gate(step.result(), failOn.text(), step.step().name() + ": "))
            .filter(java.util.Objects::nonNull)
            .toList();
        gates.forEach(out::println);
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
    private PairPlan plan(PairLadder.Step step, Path results, int passes) {
        return options.plan(side("A", step.from()), side("B", step.to()), options.rate(), results, failOn.text());
    }

    private Side side(String label, Scenario rung) {
        return Side.of(label, String.join(",", rung.profiles().isEmpty() ? List.of("reactive") : rung.profiles()),
                rung.javaOpts(), rung.jdk(), options.repository());
    }

    private static String expected(int steps, PairPlan plan) {
        long measured = plan.windows().stream().mapToLong(d -> d.toSeconds()).sum();
        long least = 20 + Math.min(plan.warmup().toSeconds(), plan.warmupProbe().toSeconds()) + measured;
        long most = 20 + plan.warmup().toSeconds() + measured;
        long perStepFixed = 30;
        long low = Math.round(steps * (perStepFixed + plan.passes() * least) / 60.0);
        long high = Math.round(steps * (perStepFixed + plan.passes() * most) / 60.0);
        return String.format(Locale.ROOT,
                "Expected duration: %d steps of %d passes, about %d to %d min (warm-up until the JIT is quiet, "
                        + "at most WARMUP=%s a pass)",
                steps, plan.passes(), Math.max(1, low), Math.max(1, high), Durations.format(plan.warmup()));
    }

    static String markdown(PairLadder.Ladder ladder, Path file, PairPlan plan) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("ladder", file.getFileName().toString());
        model.put("stepsDone", ladder.done().size());
        model.put("stepsPlanned", ladder.planned().size());
        model.put("unfinished", ladder.done().size() < ladder.planned().size());
        model.put("passes", plan.passes());
        model.put("load", plan.describeLoad());
        model.put("warmup", "up to " + Durations.format(plan.warmup()) + ", until the JIT is quiet");
        model.put("windows", plan.windows().size());
        model.put("window", Durations.format(plan.windows().get(0)));
        List<Map<String, Object>> steps = new ArrayList<>();
        List<String> noVerdicts = new ArrayList<>();
        for (PairLadder.Done done : ladder.done()) {
            PairResult result = done.result();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", done.step().name());
            row.put("changes", done.step().to().changes());
            row.put("cpuA", mean(result, true));
            row.put("cpuB", mean(result, false));
            row.put("cpu", describe(result, PairedMetric.CPU.key()));
            row.put("bytes", describe(result, PairedMetric.BYTES.key()));
            row.put("p50", describe(result, PairedMetric.P50.key()));
            row.put("p99", describe(result, PairedMetric.P99.key()));
            String carrier = done.carriedBy();
            row.put("carriedBy", carrier == null ? "none" : PairResult.METRIC_NAMES.get(carrier));
            row.put("folder", result.dir().getFileName().toString());
            steps.add(row);
            if (result.noVerdict() != null) {
                noVerdicts.add(done.step().name() + ": " + result.noVerdict());
            }
        }
        model.put("steps", steps);
        model.put("noVerdicts", noVerdicts);
        return Templates.compile("pair-ladder.md", Templates.MARKDOWN).execute(model);
    }

    private static String describe(PairResult result, String metric) {
        PairedRatio ratio = result.verdicts().get(metric);
        return ratio == null ? "no verdict" : ratio.describe();
    }

    private static String mean(PairResult result, boolean a) {
        double mean = result.passes()
            .stream()
            .mapToDouble(pass -> (a ? pass.a() : pass.b()).cpuMsPerRequest())
            .average()
            .orElse(Double.NaN);
        return Double.isNaN(mean) ? "" : String.format(Locale.ROOT, "%.4f", mean);
    }

}
