package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.perflab.lab.Durations;
import dev.perflab.lab.JavaOptions;
import dev.perflab.lab.LabException;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.PairPlan;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SideSettings;
import dev.perflab.lab.paired.Stages;
import dev.perflab.lab.runtime.RuntimeKind;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every paired measurement shares (make compare with A_GATEWAY/B_GATEWAY, make
 * pair-ladder): the rate each side is offered, the passes, their windows and warm-up, the
 * apps' JVM options and the route. Read and checked once, into a {@link PairPlan} per
 * pair of sides.
 */
public class PairOptions {

    @Option(names = "--root", defaultValue = "${sys:lab.root:-.}",
            description = "Repository root, where the app jars are built (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--results", defaultValue = "results",
            description = "Folder for results (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--rate", defaultValue = "${env:RATE:-}",
            description = "Requests per second offered to EACH side at once (RATE, once PAIR_RATE), or 0 for the closed loop (10 requests in flight per side) (default: "
                    + PairPlan.DEFAULT_RATE + "; make lab: " + LineupPlan.DEFAULT_RATE + " to each rung of a duet).")
    String rate;

    @Option(names = "--passes", defaultValue = "${env:PASSES:-}",
            description = "Passes, fixed before the run; both gateways restart each pass (default: 10 for make compare, 4 per step of make pair-ladder, 4 for make lab).")
    String passes;

    @Option(names = "--duration", defaultValue = "${env:DURATION}", converter = Durations.class,
            description = "Measured time per pass of a pair, per duet of a pass of make lab (default: 30s for a pair, 16s per duet of make lab).")
    Duration duration;

    @Option(names = "--subwindow", defaultValue = "${env:SUBWINDOW}", converter = Durations.class,
            description = "Window length inside a pass (default: 10s for a pair, 8s for make lab).")
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

    @Option(names = "--health-timeout", defaultValue = "${env:HEALTH_TIMEOUT:-120s}", converter = Durations.class,
            description = "How long each app may take to become healthy, e.g. 120s or 2m (default: ${DEFAULT-VALUE}).")
    Duration healthTimeout;

    @Mixin
    RuntimeOption runtime = new RuntimeOption();

    /**
     * RUNTIME for a paired target: local or compose; remote and kubernetes are one line.
     */
    RuntimeKind runtime() {
        return Stages.require(runtime.kind());
    }

    /** DURATION when a pair does not give it. */
    static final Duration PAIR_DURATION = Duration.ofSeconds(30);

    /** SUBWINDOW when a pair does not give it. */
    static final Duration PAIR_WINDOW = Duration.ofSeconds(10);

    /** SUBWINDOW as given, or the command's own default. */
    Duration window(Duration fallback) {
        return subwindow == null ? fallback : subwindow;
    }

    /** DURATION as given, or the command's own default. */
    Duration measured(Duration fallback) {
        return duration == null ? fallback : duration;
    }

    Path repository() {
        return root.toAbsolutePath().normalize();
    }

    /**
     * Every shared knob checked; a bad one is one line naming it, before anything starts.
     */
    void validate() {
        if (healthTimeout.isZero()) {
            throw new LabException("HEALTH_TIMEOUT must be more than 0s");
        }
        if (timeout.toMillis() < 1000) {
            throw new LabException(
                    "TIMEOUT must be at least 1s for the open-model generator, not " + Durations.format(timeout));
        }
        SystemOptions.checkAuthLatency(authLatency, "AUTH_LATENCY");
        runtime();
    }

    /** RATE as given, or the command's own default when it is empty. */
    int rate(int fallback) {
        if (rate == null || rate.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(rate.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException("RATE must be a whole number of requests per second, not '" + rate.trim() + "'");
        }
    }

    /** PASSES as given, or the command's own default when it is empty. */
    int passes(int fallback) {
        if (passes == null || passes.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(passes.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException("PASSES must be a whole number, not '" + passes.trim() + "'");
        }
    }

    /**
     * The plan for sides a and b, each with GATEWAY_JAVA_OPTS before its own options.
     * @param results where this pair's results folder goes
     * @param failOn FAIL_ON as given, empty for none
     */
    PairPlan plan(Side a, Side b, int passCount, Path results, String failOn) {
        validate();
        double threshold = failOn.isBlank() ? Double.NaN : Comparison.threshold(failOn);
        long chosenSeed = seed();
        List<String> gatewayOnly = gatewayJavaOptions();
        return new PairPlan(a.withOptionsBefore(gatewayOnly), b.withOptionsBefore(gatewayOnly),
                rate(PairPlan.DEFAULT_RATE), passCount, PairPlan.split(measured(PAIR_DURATION), window(PAIR_WINDOW)),
                warmup, warmupProbe, timeout, chosenSeed, SystemOptions.checkRoute(route),
                SystemOptions.checkTokenHeader(tokenHeader), authLatency, javaOptions(), healthTimeout, repository(),
                results.toAbsolutePath().normalize(), threshold, failOn.trim());
    }

    /**
     * A chain of these rungs with make lab's knobs, without wrk's rungs alone and without
     * a gate: make trend COMMITS= and make advise.
     */
    LineupPlan chain(List<LineupPlan.Entrant> entrants, int ratePerSide) {
        return new LineupPlan(entrants, ratePerSide, passes(PairedLabCommand.DEFAULT_PASSES),
                PairPlan.split(measured(LineupPlan.DUET_DURATION), window(LineupPlan.DUET_WINDOW)), warmup, warmupProbe,
                Duration.ZERO, Duration.ZERO, 1, 1, timeout, seed(),
                new SideSettings(repository(), javaOptions(), healthTimeout, SystemOptions.checkRoute(route),
                        SystemOptions.checkTokenHeader(tokenHeader), runtime()),
                authLatency, results.toAbsolutePath().normalize(), Double.NaN, "");
    }

    /** SEED as given, or a random one (recorded with the run). */
    long seed() {
        return seed.isBlank() ? ThreadLocalRandom.current().nextLong(1, 1_000_000) : parseSeed(seed);
    }

    private static long parseSeed(String text) {
        try {
            return Long.parseLong(text.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException("SEED must be a whole number, not '" + text + "'");
        }
    }

    /** JAVA_OPTS as JVM options; a quote is one line. */
    List<String> javaOptions() {
        return JavaOptions.split(javaOpts, "JAVA_OPTS");
    }

    /** GATEWAY_JAVA_OPTS as JVM options; a quote is one line. */
    List<String> gatewayJavaOptions() {
        return JavaOptions.split(gatewayJavaOpts, "GATEWAY_JAVA_OPTS");
    }

}
