package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.LocalStage;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.LeftOut;
import dev.perflab.lab.run.RunInfo;
import dev.perflab.lab.run.ScenarioLadder;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.RunLock;
import dev.perflab.lab.verdict.PairedRatio;
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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        LineupPlan plan = plan(out);
        out.println(plan.expectedDuration());
        out.println(plan.resolution());
        out.flush();
        LineupResult result = measure(plan, "lab", "make lab", out);
        PairedLabReport.console(result).forEach(out::println);
        out.println("Report: " + result.dir().resolve("report.md"));
        int appended = history.append(result.dir(), plan.results(), out);
        List<GateLine> gates = gates(result);
        gates.forEach(out::println);
        out.flush();
        return HistoryOption.exitCode(GateLine.exitCode(gates), appended);
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
        try (RunLock lock = RunLock.acquire(target)) {
            VegetaInstaller.ensure(plan.settings().root(), out);
            PidFiles.children().stopLeftovers(Duration.ofSeconds(10)).forEach(out::println);
            RunFolder run = RunFolder.create(plan.results(), kind);
            lock.describe(target + ", " + run.dir());
            run.writeJson("run.json", RunInfo.describe(plan.settings().root(), kind, "local", plan.json()));
            out.println("Results: " + run.dir());
            out.println("Rungs: " + String.join(", ", plan.entrants().stream().map(LineupPlan.Entrant::name).toList()));
            out.println("Load: " + plan.describeLoad());
            out.flush();
            LocalStage stage = LocalStage.open(plan, run.dir(), out);
            LineupResult result = LineupRun.execute(plan, stage, run, out,
                    sofar -> RunFolder.write(sofar.dir().resolve("report.md"), PairedLabReport.markdown(sofar)));
            last.accept(result);
            run.finished();
            return result;
        }
    }

    /** FAIL_ON's ✓/✗ line per step; none without FAIL_ON. */
    List<GateLine> gates(LineupResult result) {
        if (!failOn.given()) {
            return List.of();
        }
        double threshold = failOn.threshold();
        String limit = failOn.text();
        return result.steps().stream().map(step -> {
            PairedRatio cpu = step.verdicts().get(PairedMetric.CPU.key());
            String prefix = "FAIL_ON=" + limit + ": " + step.from() + " → " + step.to() + ": ";
            if (cpu == null || cpu.verdict() == null) {
                return GateLine.broken(prefix + "the gate cannot decide: "
                        + Objects.requireNonNullElse(step.noVerdict(), "no interval"));
            }
            return cpu.worseBeyond(threshold, false)
                    ? GateLine.broken(prefix + "significantly costlier by more than " + limit
                            + " in gateway CPU per request (" + cpu.describe() + ")")
                    : GateLine.held(prefix + "not significantly costlier by more than " + limit
                            + " in gateway CPU per request (" + cpu.describe() + ")");
        }).toList();
    }

    /** Every knob read and checked once, before anything starts. */
    LineupPlan plan(PrintWriter out) {
        options.validate();
        wrk.validate();
        failOn.threshold();
        if (alone.isNegative() || !alone.isZero() && alone.toMillis() < 1000) {
            throw new LabException("ALONE must be 0s (none) or at least 1s, not " + Durations.format(alone));
        }
        Path root = options.repository();
        Path file = ladder.file(root);
        List<Scenario> rungs = ScenarioLadder.load(file).select(only.names());
        List<String> gatewayOnly = options.gatewayJavaOptions();
        List<LineupPlan.Entrant> entrants = new ArrayList<>();
        List<LeftOut> leftOut = new ArrayList<>();
        for (Scenario rung : rungs) {
            if (rung.target() == TargetKind.BACKEND) {
                out.println("rung " + rung.name() + " left out: the backend alone is the baseline of the req/s column "
                        + "(wrk on business-service in every pass)");
                continue;
            }
            LeftOut left = leftOut(rung);
            if (left != null) {
                out.println(left.line());
                leftOut.add(left);
                continue;
            }
            Side side = rung.target() == TargetKind.NGINX
                    ? Side.of(rung.name(), rung.profiles().contains("auth-cache") ? "nginx-cached" : "nginx", "", null,
                            root)
                    : Side
                        .of(rung.name(),
                                String.join(",", rung.profiles().isEmpty() ? List.of("reactive") : rung.profiles()),
                                rung.javaOpts(), rung.jdk(), root)
                        .withOptionsBefore(gatewayOnly);
            entrants.add(new LineupPlan.Entrant(rung.name(), rung.changes(), side));
        }
        LeftOut.refuseUnderGate(failOn.text(), leftOut, entrants.stream().map(LineupPlan.Entrant::name).toList());
        boolean nginx = entrants.stream().anyMatch(entrant -> !entrant.gateway());
        boolean cachedNginx = entrants.stream().anyMatch(entrant -> !entrant.gateway() && entrant.caches());
        if (nginx && !cachedNginx && entrants.stream().anyMatch(entrant -> entrant.gateway() && entrant.caches())) {
            out.println("rung nginx-cached added: the reference for a gateway that caches auth answers is nginx with "
                    + "its auth subrequest cached (lab/nginx/auth-request-cached.conf)");
            entrants.add(new LineupPlan.Entrant("nginx-cached",
                    "reference for the auth cache - nginx with the auth subrequest's answers cached for 10 s",
                    Side.of("nginx-cached", "nginx-cached", "", null, root)));
        }
        out.flush();
        return options.chain(entrants, options.rate(), alone, wrk, failOn.threshold(), failOn.text());
    }

    /**
     * A gateway or nginx rung the paired ladder cannot run, and why; null when it can.
     */
    private LeftOut leftOut(Scenario rung) {
        if (rung.authLatency() != null && !Objects.equals(rung.authLatency(), options.authLatency())) {
            return new LeftOut(rung.name(), "it sets auth_latency " + rung.authLatency()
                    + ", and every rung shares one auth-service at AUTH_LATENCY=" + options.authLatency());
        }
        return LeftOut.withoutJdk(rung);
    }

}
