package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.pairedreport.PairReport;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SloCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * make compare A_GATEWAY=... B_GATEWAY=...: both gateways measured at the same time, pass
 * by pass.
 */
@Command(name = "pair",
        description = "Two gateways at the same time (A_GATEWAY, B_GATEWAY: Spring profiles of the lab's gateway, a jar, "
                + "or nginx / nginx-cached), offered the same rate (or both in the closed loop, CLOSED_LOOP=yes), "
                + "with paired verdicts on CPU per request and latency (compare.md, pair.json).")
public class PairCommand implements Callable<Integer> {

    @Mixin
    PairOptions options;

    @Mixin
    HistoryOption history;

    /** PROFILER and EVENT: both gateways profiled in their measured windows. */
    @Mixin
    ProfileOptions profile;

    /** SLO: a ✓/✗ line for A and for B from their windows. */
    @Mixin
    GateOptions gate;

    /**
     * GATEWAY_JAR: the jar a side named by profiles runs; GATEWAY_IMAGE: the image a side
     * given as image runs.
     */
    @Mixin
    OwnGatewayOptions own;

    /** PROFILER as the plan read it. */
    private ProfilerChoice profiler = ProfilerChoice.NONE;

    @Option(names = "--a-gateway", defaultValue = "${env:A_GATEWAY:-}",
            description = "Side A: Spring profiles of the lab's gateway (reactive,log-quiet), a gateway jar, image (GATEWAY_IMAGE, RUNTIME=compose), or nginx / nginx-cached (the lab's nginx references).")
    String aGateway;

    @Option(names = "--b-gateway", defaultValue = "${env:B_GATEWAY:-}", description = "Side B, the same way.")
    String bGateway;

    @Option(names = "--a-java-opts", defaultValue = "${env:A_JAVA_OPTS:-}",
            description = "JVM options for side A's gateway only, after the common ones.")
    String aJavaOpts;

    @Option(names = "--b-java-opts", defaultValue = "${env:B_JAVA_OPTS:-}",
            description = "JVM options for side B's gateway only, e.g. -Dlab.burn.micros=40.")
    String bJavaOpts;

    @Option(names = "--a-jdk", defaultValue = "${env:A_JDK:-}",
            description = "Feature version of the JDK side A's gateway runs on, one in /usr/lib/jvm, /Library/Java/JavaVirtualMachines or SDKMAN's candidates (default: the lab's own).")
    String aJdk;

    @Option(names = "--b-jdk", defaultValue = "${env:B_JDK:-}", description = "The same for side B, e.g. 25.")
    String bJdk;

    @Mixin
    FailOnOption failOn;

    /** GATEWAY_HOST, AGENT_HOSTS: the pair across hosts. */
    @Mixin
    HostOptions hosts;

    @Option(names = "--closed-loop", defaultValue = "${env:CLOSED_LOOP:-no}",
            description = "yes: both sides in the closed loop (10 requests in flight per side) instead of offered RATE; "
                    + "once RATE=0 (default: ${DEFAULT-VALUE}).")
    String closedLoop;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LineupPlan plan = plan();
        PrintWriter out = spec.commandLine().getOut();
        PairedKnobs.announce(profiler, out);
        out.println(plan.expectedDuration());
        out.println(plan.resolution());
        LineupResult result = LineupRun.measure(plan, "pair", "make compare", out, hosts.opener(),
                sofar -> PairedKnobs.compareReport(sofar, profiler), done -> {
                }, profiler);
        PairedKnobs.verdicts(result, out);
        int appended = history.append(result.dir(), options.results(), out);
        List<GateLine> gates = new ArrayList<>(PairReport.gates(List.of(result), failOn.text()));
        gates.forEach(out::println);
        Slo slo = gate.slo();
        gates.addAll(PairedKnobs.slo(slo, plan.closedLoop() ? 0 : plan.ratePerSide(),
                slo == null ? List.of() : SloCheck.of(slo, result, ""), out));
        out.flush();
        return HistoryOption.exitCode(GateLine.exitCode(gates), appended);
    }

    /** Every knob read and checked once, before anything starts. */
    LineupPlan plan() {
        gate.slo();
        Path jar = PairedKnobs.gatewayJar(own, options.repository(), "make compare");
        String image = PairedKnobs.sideImage(own, aGateway, bGateway);
        Side a = Side.of("A", aGateway, aJavaOpts, PairedKnobs.jdk("A", aJdk), options.repository(), jar, image);
        Side b = Side.of("B", bGateway, bJavaOpts, PairedKnobs.jdk("B", bJdk), options.repository(), jar, image);
        profiler = PairedKnobs.profiler(profile, options.repository(), List.of(a, b));
        List<Side> sides = PairedKnobs.withAgent(profiler, profile, List.of(a, b), spec.commandLine().getOut());
        LineupPlan plan = options.plan(sides.get(0), sides.get(1), closedLoop() ? 0 : options.rate(), options.results(),
                failOn.text());
        hosts.check(options.repository(), sides, plan.settings().runtime(), plan.closedLoop(), profiler,
                "make compare");
        return plan;
    }

    /** CLOSED_LOOP: yes or no. */
    private boolean closedLoop() {
        return switch (closedLoop == null ? "" : closedLoop.trim()) {
            case "yes" -> true;
            case "no", "" -> false;
            default -> throw new LabException("CLOSED_LOOP must be yes or no, not '" + closedLoop.trim() + "'");
        };
    }

}
