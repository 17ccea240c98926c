package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.perflab.lab.LabException;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.PassWindows;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SideSettings;
import dev.perflab.lab.paired.Stages;
import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.runtime.RuntimeKind;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every paired measurement shares (make lab, make compare with A_GATEWAY/B_GATEWAY,
 * make pair-ladder, advise, trend COMMITS=): the apps' knobs ({@link AppOptions}) and a
 * pass's ({@link PassOptions}), each declared there once with its target's default from
 * {@link KnobTable}, and the seed. Read and checked once, into a plan.
 */
public class PairOptions {

    @Mixin
    AppOptions apps = new AppOptions();

    @Mixin
    PassOptions pass = new PassOptions();

    @Mixin
    RuntimeOption runtime = new RuntimeOption();

    @Option(names = "--warmup-load", defaultValue = "${env:WARMUP_LOAD:-flat}",
            description = "What drives a cold gateway in its warm-up: flat (flat out, each its own wrk), rate (the duet "
                    + "at its rate) or bursts (flat out, each part followed by an idle one for the JIT's compiler "
                    + "threads); the warm-up ends once the JIT used at most 5 % of the process's CPU in a part, or "
                    + "at WARMUP (default: ${DEFAULT-VALUE}).")
    String warmupLoad;

    @Option(names = "--seed", defaultValue = "${env:SEED:-}",
            description = "Chooses each pass's order of start, port and schedule (default: a random one, recorded).")
    String seed;

    /**
     * RUNTIME for a paired target: local or compose; remote and kubernetes are one line.
     */
    RuntimeKind runtime() {
        return Stages.require(runtime.kind());
    }

    Path repository() {
        return apps.repository();
    }

    /** The results folder as given. */
    Path results() {
        return apps.results();
    }

    String authLatency() {
        return apps.authLatency();
    }

    Duration warmup() {
        return pass.warmup();
    }

    Duration warmupProbe() {
        return pass.warmupProbe();
    }

    Duration timeout() {
        return pass.timeout();
    }

    /** WARMUP_LOAD; anything but flat, rate or bursts is one line. */
    WarmUp.Load warmupLoad() {
        return WarmUp.Load.of(warmupLoad);
    }

    /**
     * Every shared knob checked; a bad one is one line naming it, before anything starts.
     */
    void validate() {
        apps.validate();
        pass.validate();
        warmupLoad();
        runtime();
    }

    /**
     * RATE, offered to each side of every duet: the paired targets always offer one.
     * RATE=0 once meant the closed loop here; it now means no fixed rate on every target,
     * which a duet cannot do, so it is one line and exit 1 saying what it became.
     */
    int rate() {
        int rate = pass.rate();
        if (rate == 0) {
            throw new LabException("RATE=0 means no fixed rate, which a paired target cannot do; the closed loop it "
                    + "once meant here is CLOSED_LOOP=yes on make compare A_GATEWAY= B_GATEWAY=");
        }
        return rate;
    }

    /** PASSES, the target's own default unless given. */
    int passes() {
        return pass.passes();
    }

    /** The settings every side of a run shares. */
    SideSettings settings() {
        return new SideSettings(repository(), apps.javaOptions(), apps.healthTimeout(), apps.route(),
                apps.tokenHeader(), runtime());
    }

    /**
     * The plan for sides a and b, each with GATEWAY_JAVA_OPTS before its own options,
     * offered RATE (or the closed loop, 0, for make compare CLOSED_LOOP=yes).
     * @param results where this pair's results folder goes
     * @param failOn FAIL_ON as given, empty for none
     */
    LineupPlan plan(Side a, Side b, int ratePerSide, Path results, String failOn) {
        validate();
        double threshold = failOn.isBlank() ? Double.NaN : Comparison.threshold(failOn);
        List<String> gatewayOnly = gatewayJavaOptions();
        // a side RUNTIME cannot run is one line before the results folder is made
        Stages.refuse(runtime(), List.of(a, b));
        return LineupPlan.pair(a.withOptionsBefore(gatewayOnly), b.withOptionsBefore(gatewayOnly), ratePerSide,
                passes(), PassWindows.split(pass.duration(), pass.subwindow()), pass.warmup(), pass.warmupProbe(),
                warmupLoad(), pass.timeout(), seed(), settings(), apps.authLatency(),
                results.toAbsolutePath().normalize(), threshold, failOn.trim());
    }

    /**
     * A chain of these rungs with make lab's knobs, without wrk's rungs alone and without
     * a gate: make trend COMMITS= and make advise.
     */
    LineupPlan chain(List<LineupPlan.Entrant> entrants, int ratePerSide) {
        return chain(entrants, ratePerSide, Duration.ZERO, new WrkOptions(), Double.NaN, "");
    }

    /**
     * A chain with wrk on each rung alone for {@code alone} after every pass, and a gate.
     */
    LineupPlan chain(List<LineupPlan.Entrant> entrants, int ratePerSide, Duration alone, WrkOptions wrk,
            double threshold, String failOn) {
        validate();
        return new LineupPlan(entrants, ratePerSide, passes(), PassWindows.split(pass.duration(), pass.subwindow()),
                pass.warmup(), pass.warmupProbe(), warmupLoad(), alone, Duration.ofSeconds(alone.isZero() ? 0 : 1),
                Math.max(1, wrk.threads()), Math.max(1, wrk.connections()), pass.timeout(), seed(), settings(),
                apps.authLatency(), apps.results().toAbsolutePath().normalize(), threshold, failOn.trim(), false);
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
        return apps.javaOptions();
    }

    /** GATEWAY_JAVA_OPTS as JVM options; a quote is one line. */
    List<String> gatewayJavaOptions() {
        return apps.gatewayJavaOptions();
    }

}
