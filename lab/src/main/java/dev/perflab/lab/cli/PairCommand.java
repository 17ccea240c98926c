package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import dev.perflab.lab.LabException;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.paired.PairPlan;
import dev.perflab.lab.paired.PairResult;
import dev.perflab.lab.paired.PairedRun;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.Durations;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import java.util.ArrayList;

/**
 * make compare A_GATEWAY=... B_GATEWAY=...: both gateways measured at the same time, pass
 * by pass.
 */
@Command(name = "pair",
        description = "Two gateways at the same time (A_GATEWAY, B_GATEWAY: Spring profiles of the lab's gateway or a jar), "
                + "offered the same rate, with paired verdicts on CPU per request and latency (compare.md, pair.json).")
public class PairCommand implements Callable<Integer> {

    @Option(names = "--root", defaultValue = "${sys:lab.root:-.}",
            description = "Repository root, where the app jars are built (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--results", defaultValue = "results",
            description = "Folder for results (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--a-gateway", defaultValue = "${env:A_GATEWAY:-}",
            description = "Side A: Spring profiles of the lab's gateway (reactive,log-quiet) or a gateway jar.")
    String aGateway;

    @Option(names = "--b-gateway", defaultValue = "${env:B_GATEWAY:-}", description = "Side B, the same way.")
    String bGateway;

    @Option(names = "--a-java-opts", defaultValue = "${env:A_JAVA_OPTS:-}",
            description = "JVM options for side A's gateway only, after the common ones.")
    String aJavaOpts;

    @Option(names = "--b-java-opts", defaultValue = "${env:B_JAVA_OPTS:-}",
            description = "JVM options for side B's gateway only, e.g. -Dlab.burn.micros=40.")
    String bJavaOpts;

    @Option(names = "--rate", defaultValue = "${env:PAIR_RATE:-" + PairPlan.DEFAULT_RATE + "}",
            description = "Requests per second offered to EACH side at once (default: ${DEFAULT-VALUE}).")
    int rate;

    @Option(names = "--passes", defaultValue = "${env:PASSES:-10}",
            description = "Passes, fixed before the run; both gateways restart each pass (default: ${DEFAULT-VALUE}).")
    int passes;

    @Option(names = "--duration", defaultValue = "${env:DURATION:-30s}", converter = Durations.class,
            description = "Measured time per pass (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--subwindow", defaultValue = "${env:SUBWINDOW:-10s}", converter = Durations.class,
            description = "Window length inside a pass (default: ${DEFAULT-VALUE}).")
    Duration subwindow;

    @Option(names = "--warmup", defaultValue = "${env:WARMUP:-120s}", converter = Durations.class,
            description = "Most time both sides run at the rate, unmeasured, before each pass's windows; it ends earlier once neither JIT compiles (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--warmup-probe", defaultValue = "${env:WARMUP_PROBE:-5s}", converter = Durations.class,
            description = "Parts of the warm-up after each of which the JITs are checked (default: ${DEFAULT-VALUE}).")
    Duration warmupProbe;

    @Option(names = "--timeout", defaultValue = "${env:TIMEOUT:-10s}", converter = Durations.class,
            description = "A request without an answer by then is an error (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--seed", defaultValue = "${env:SEED:-}",
            description = "Chooses each pass's order of start, port and schedule (default: a random one, recorded).")
    String seed;

    @Option(names = "--fail-on", defaultValue = "${env:FAIL_ON:-}",
            description = "Exit with 3 when B's CPU per request is significantly higher than A's by more than this, e.g. 5%.")
    String failOn;

    @Option(names = "--java-opts", defaultValue = "${env:JAVA_OPTS:--Xms1g -Xmx1g}",
            description = "JVM options for every app (default: ${DEFAULT-VALUE}).")
    String javaOpts;

    @Option(names = "--gateway-java-opts", defaultValue = "${env:GATEWAY_JAVA_OPTS:-}",
            description = "JVM options for both gateways, after --java-opts.")
    String gatewayJavaOpts;

    @Option(names = "--auth-latency", defaultValue = "${env:AUTH_LATENCY:-1ms}",
            description = "Latency auth-service injects per check (default: ${DEFAULT-VALUE}).")
    String authLatency;

    @Option(names = "--route", defaultValue = "${env:ROUTE:-/service/hello}",
            description = "Path the load sends through each gateway (default: ${DEFAULT-VALUE}).")
    String route;

    @Option(names = "--token-header", defaultValue = "${env:TOKEN_HEADER:-Authorization: Bearer lab-token}",
            description = "Header line each request carries; none for none.")
    String tokenHeader;

    @Option(names = "--health-timeout", defaultValue = "${env:HEALTH_TIMEOUT:-120}",
            description = "Seconds each app may take to become healthy (default: ${DEFAULT-VALUE}).")
    int healthTimeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PairResult result = PairedRun.execute(plan(), spec.commandLine().getOut(),
                sofar -> RunFolder.write(sofar.dir().resolve("compare.md"), PairReport.markdown(sofar)));
        if (!result.failing().isEmpty()) {
            spec.commandLine()
                .getOut()
                .println("FAIL_ON=" + failOn.trim() + ": B is significantly costlier than A by more than "
                        + failOn.trim() + " in " + String.join(", ", result.failing()));
            spec.commandLine().getOut().flush();
            return CompareCommand.EXIT_GATE;
        }
        return 0;
    }

    /** Every knob read and checked once, before anything starts. */
    PairPlan plan() {
        Path repository = root.toAbsolutePath().normalize();
        Side a = Side.of("A", aGateway, aJavaOpts, repository);
        Side b = Side.of("B", bGateway, bJavaOpts, repository);
        if (healthTimeoutSeconds <= 0) {
            throw new LabException("HEALTH_TIMEOUT must be a positive number of seconds, not " + healthTimeoutSeconds);
        }
        if (timeout.toMillis() < 1000) {
            throw new LabException(
                    "TIMEOUT must be at least 1s for the open-model generator, not " + Durations.format(timeout));
        }
        double threshold = failOn.isBlank() ? Double.NaN : Comparison.threshold(failOn);
        long chosenSeed = seed.isBlank() ? ThreadLocalRandom.current().nextLong(1, 1_000_000) : parseSeed(seed);
        List<String> common = new ArrayList<>(split(javaOpts));
        List<String> gatewayOnly = split(gatewayJavaOpts);
        SystemOptions.checkAuthLatency(authLatency, "AUTH_LATENCY");
        Side withGatewayOptionsA = new Side(a.label(), a.given(), a.profiles(), a.foreign(),
                concat(gatewayOnly, a.javaOptions()));
        Side withGatewayOptionsB = new Side(b.label(), b.given(), b.profiles(), b.foreign(),
                concat(gatewayOnly, b.javaOptions()));
        return new PairPlan(withGatewayOptionsA, withGatewayOptionsB, rate, passes, PairPlan.split(duration, subwindow),
                warmup, warmupProbe, timeout, chosenSeed, SystemOptions.checkRoute(route),
                SystemOptions.checkTokenHeader(tokenHeader), authLatency, common,
                Duration.ofSeconds(healthTimeoutSeconds), repository, results.toAbsolutePath().normalize(), threshold,
                failOn.trim());
    }

    private static long parseSeed(String text) {
        try {
            return Long.parseLong(text.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException("SEED must be a whole number, not '" + text + "'");
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static List<String> split(String options) {
        return options == null ? List.of()
                : Arrays.stream(options.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

}
