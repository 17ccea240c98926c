package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.advise.Advice;
import dev.perflab.lab.advise.JarFacts;
import dev.perflab.lab.advise.Levers;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.Jdks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * make advise GATEWAY_JAR=: the levers that can be pulled on a gateway jar from outside
 * it (Spring properties as system properties, JVM options, a newer JDK), each measured on
 * that jar against the jar without it in the same seconds: the paired make lab's chain
 * with the jar as every rung, each rung one lever more than the one before. advice.md
 * gives each lever its line to add, its ratios and what it trades away.
 */
@Command(name = "advise",
        description = "Your gateway jar (GATEWAY_JAR) with each lever that can be pulled from outside it, one more a rung, "
                + "each rung against the one before in the same seconds (the paired make lab's chain): advice.md "
                + "gives each lever its line to add, CPU and bytes per request with intervals, and what it trades away.")
public class AdviseCommand implements Callable<Integer> {

    @Mixin
    PairOptions options;

    @Mixin
    GatewayJarOption gatewayJar;

    /** GATEWAY_HOST, AGENT_HOSTS: your gateway's rungs on a host of their own. */
    @Mixin
    HostOptions hosts;

    @Option(names = "--levers", defaultValue = "${env:LEVERS:-}",
            description = "The levers, comma-separated, in the order they are added (LEVERS; default: "
                    + "route-filter-cache,no-gateway-observations,no-forwarded-headers,no-http2,routes-first,"
                    + "no-http-observation,pooled-allocator,parallel-gc,newer-jdk; also no-unused-global-filters).")
    String levers;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        options.validate();
        Path root = options.repository();
        if (gatewayJar.jar().isEmpty()) {
            throw new LabException("make advise needs your gateway's jar: GATEWAY_JAR=path/to/your-gateway.jar "
                    + "(with ROUTE= a path it routes to business-service's /hello)");
        }
        String jarText = gatewayJar.jar();
        ForeignGateway gateway = ForeignGateway.ofJar(root.resolve(jarText).normalize());
        List<Advice.Pull> pulls = Advice.check(Levers.select(levers), JarFacts.read(gateway.jar()), given(),
                Runtime.version().feature(), Jdks::find, Jdks.searched());
        List<Advice.Pull> measured = pulls.stream().filter(Advice.Pull::measured).toList();
        out.println("Levers: " + pulls.size() + " for " + gateway.name() + " (Spring Boot " + gateway.springBoot()
                + ", Spring Cloud Gateway " + gateway.springCloudGateway() + "), " + measured.size() + " to measure");
        for (Advice.Pull pull : pulls) {
            if (!pull.measured()) {
                out.println("  " + pull.lever().name() + ": " + pull.skipped());
            }
        }
        if (measured.isEmpty()) {
            throw new LabException("make advise: no lever left to measure on " + gateway.name()
                    + " (each is said above); name others with LEVERS=");
        }
        int rate = options.rate();
        List<LineupPlan.Entrant> entrants = new ArrayList<>();
        List<String> base = options.gatewayJavaOptions();
        entrants.add(new LineupPlan.Entrant(Advice.AS_IS, "your gateway as it is",
                Side.ownJar(Advice.AS_IS, jarText, gateway, base, null)));
        List<List<String>> cumulative = Advice.cumulativeOptions(measured);
        Path home = null;
        for (int i = 0; i < measured.size(); i++) {
            Advice.Pull pull = measured.get(i);
            home = pull.jdk() != null ? pull.jdk() : home;
            List<String> jvm = new ArrayList<>(base);
            jvm.addAll(cumulative.get(i));
            entrants.add(new LineupPlan.Entrant(pull.lever().name(), pull.lever().changes(),
                    Side.ownJar(pull.lever().name(), jarText, gateway, jvm, home)));
        }
        LineupPlan plan = options.chain(entrants, rate);
        hosts.check(root, entrants.stream().map(LineupPlan.Entrant::side).toList(), plan.settings().runtime(), false,
                ProfilerChoice.NONE, "make advise");
        out.println(plan.expectedDuration());
        out.println(plan.resolution());
        out.flush();
        // advice.md is written before results/latest points at the run
        LineupResult result = LadderMeasure.measure(plan, "advise", "make advise", out,
                done -> RunFolder.write(done.dir().resolve("advice.md"),
                        Advice.markdown(jarText, pulls, Advice.steps(pulls, done.steps()), done.dir().toString())),
                ProfilerChoice.NONE, hosts.opener());
        List<LineupResult.Step> steps = Advice.steps(pulls, result.steps());
        Advice.console(pulls, steps).forEach(out::println);
        out.println("Advice: " + result.dir().resolve("advice.md") + " (report.md: every step with its passes)");
        out.flush();
        return 0;
    }

    /** JAVA_OPTS and GATEWAY_JAVA_OPTS, as the gateway gets them. */
    private List<String> given() {
        List<String> all = new ArrayList<>(options.javaOptions());
        all.addAll(options.gatewayJavaOptions());
        return all;
    }

}
