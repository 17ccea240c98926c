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
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.PairPlan;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SideSettings;
import dev.perflab.lab.paired.Stage;
import dev.perflab.lab.paired.Stages;
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

    /**
     * Passes when PASSES is not given: four fit the default ladder in about 40 minutes on
     * a 2-core machine (docs/en/13-paired.md, "make lab: the ladder as a chain of
     * duets").
     */
    static final int DEFAULT_PASSES = 4;

    @Mixin
    PairOptions options;

    @Mixin
    HistoryOption history;

    @Option(names = { "--ladder", "--scenarios" }, defaultValue = "${env:LADDER}",
            description = "Ladder file, or lean for lab/scenarios-lean.yml (LADDER, once SCENARIOS; default: lab/scenarios.yml under --root).")
    Path scenarios;

    @Option(names = "--only", split = ",", defaultValue = "${env:ONLY:-}",
            description = "Run only these rungs, e.g. reactive,log-async,log-quiet,nginx.")
    List<String> only = List.of();

    @Option(names = "--alone", defaultValue = "${env:ALONE:-3s}", converter = Durations.class,
            description = "wrk's closed loop on each rung alone after every pass's windows, for the req/s column; 0s for none (default: ${DEFAULT-VALUE}).")
    Duration alone;

    @Option(names = "--threads", defaultValue = "${env:THREADS:-5}",
            description = "wrk threads for the rungs alone (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--connections", defaultValue = "${env:CONNECTIONS:-10}",
            description = "wrk connections for the rungs alone (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--fail-on", defaultValue = "${env:FAIL_ON:-}",
            description = "A ✓/✗ line per step; exit with 3 when a step's rung is significantly costlier in CPU per request than the rung before it by more than this, or has no verdict, e.g. 5%%.")
    String failOn;

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
            run.writeJson("run.json",
                    RunInfo.describe(plan.settings().root(), kind, plan.settings().runtime().id(), plan.json()));
            out.println("Results: " + run.dir());
            out.println("Rungs: " + String.join(", ", plan.entrants().stream().map(LineupPlan.Entrant::name).toList()));
            out.println("Load: " + plan.describeLoad());
            out.flush();
            Stage stage = Stages.open(plan, run.dir(), out);
            LineupResult result = LineupRun.execute(plan, stage, run, out,
                    sofar -> RunFolder.write(sofar.dir().resolve("report.md"), PairedLabReport.markdown(sofar)));
            last.accept(result);
            run.finished();
            return result;
        }
    }

    /** FAIL_ON's ✓/✗ line per step; none without FAIL_ON. */
    List<GateLine> gates(LineupResult result) {
        if (failOn.isBlank()) {
            return List.of();
        }
        double threshold = Comparison.threshold(failOn);
        String limit = failOn.trim();
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
        if (!failOn.isBlank()) {
            Comparison.threshold(failOn);
        }
        if (alone.isNegative() || !alone.isZero() && alone.toMillis() < 1000) {
            throw new LabException("ALONE must be 0s (none) or at least 1s, not " + Durations.format(alone));
        }
        Path root = options.repository();
        Path file = LadderFile.of(scenarios, root);
        List<Scenario> rungs = ScenarioLadder.load(file)
            .select(only.stream().map(String::trim).filter(name -> !name.isEmpty()).toList());
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
        LeftOut.refuseUnderGate(failOn, leftOut, entrants.stream().map(LineupPlan.Entrant::name).toList());
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
        int rate = options.rate(LineupPlan.DEFAULT_RATE);
        if (rate == 0) {
            throw new LabException("RATE=0 (the closed loop) is for make compare: make lab offers every rung a rate, "
                    + "and its closed loop is each rung alone (ALONE)");
        }
        long seed = options.seed();
        return new LineupPlan(entrants, rate, options.passes(DEFAULT_PASSES),
                PairPlan.split(options.measured(LineupPlan.DUET_DURATION), options.window(LineupPlan.DUET_WINDOW)),
                options.warmup, options.warmupProbe, alone, Duration.ofSeconds(alone.isZero() ? 0 : 1), threads,
                connections, options.timeout, seed,
                new SideSettings(root, options.javaOptions(), options.healthTimeout,
                        SystemOptions.checkRoute(options.route), SystemOptions.checkTokenHeader(options.tokenHeader),
                        options.runtime()),
                options.authLatency, options.results.toAbsolutePath().normalize(),
                failOn.isBlank() ? Double.NaN : Comparison.threshold(failOn), failOn.trim());
    }

    /**
     * A gateway or nginx rung the paired ladder cannot run, and why; null when it can.
     */
    private LeftOut leftOut(Scenario rung) {
        if (rung.authLatency() != null && !Objects.equals(rung.authLatency(), options.authLatency)) {
            return new LeftOut(rung.name(), "it sets auth_latency " + rung.authLatency()
                    + ", and every rung shares one auth-service at AUTH_LATENCY=" + options.authLatency);
        }
        return LeftOut.withoutJdk(rung);
    }

}
