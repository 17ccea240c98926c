package dev.perflab.lab.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import picocli.CommandLine.Option;

/**
 * The knobs of a pass, declared once for every measuring command, sequential and paired:
 * how many passes, how long one measurement is measured and in which windows, the
 * warm-up, the request timeout and the rate. Each target's default comes from
 * {@link KnobTable}; each knob is checked here alone, the same on every target.
 */
public class PassOptions {

    @Option(names = { "--passes", "--repeat" }, defaultValue = "${env:PASSES:-1}",
            description = "Passes, fixed before the run, each restarting the apps, so that the intervals cover restarts "
                    + "(PASSES, once REPEAT; default: ${DEFAULT-VALUE}).")
    String passes;

    @Option(names = "--duration", defaultValue = "${env:DURATION:-60s}", converter = Durations.class,
            description = "Measured time of one measurement in a pass: a rung alone, or a duet, two sides in the same "
                    + "seconds (make capacity's steps: STEP_DURATION) (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--subwindow", defaultValue = "${env:SUBWINDOW:-10s}", converter = Durations.class,
            description = "The measured time is cut into windows of this length, the units of the intervals (default: ${DEFAULT-VALUE}).")
    Duration subwindow;

    @Option(names = { "--warmup", "--warmup-max" }, defaultValue = "${env:WARMUP:-120s}", converter = Durations.class,
            description = "The most the unmeasured warm-up takes (WARMUP, once WARMUP_MAX); it ends earlier once steady (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--warmup-probe", defaultValue = "${env:WARMUP_PROBE:-5s}", converter = Durations.class,
            description = "The warm-up's parts, after each of which it checks whether it is steady (default: ${DEFAULT-VALUE}).")
    Duration warmupProbe;

    @Option(names = "--timeout", defaultValue = "${env:TIMEOUT:-10s}", converter = Durations.class,
            description = "A request without an answer by then is an error (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = { "--rate", "--cpu-rate", "--pair-rate" }, defaultValue = "${env:RATE:-0}",
            description = "Requests per second each gateway is offered to read its cost per request (RATE, once CPU_RATE "
                    + "and PAIR_RATE): sequential, a fixed-rate phase after the closed loop; paired, what each side of a "
                    + "duet is offered; 0: no fixed rate, which only the sequential targets can do (default: ${DEFAULT-VALUE}).")
    String rate;

    /**
     * The longest a measured window, the fixed rate or the warm-up may run: a day; beyond
     * it a typo, not a run.
     */
    static final Duration LONGEST = Duration.ofHours(24);

    /** The most sub-windows one window may be cut into. */
    static final int MOST_SUBWINDOWS = 1_000;

    static final int MOST_PASSES = 100;

    static final int MOST_RATE = 1_000_000;

    /** The same knobs with {@code measured} as the measured time. */
    PassOptions measuring(Duration measured) {
        PassOptions copy = new PassOptions();
        copy.passes = passes;
        copy.duration = measured;
        copy.subwindow = subwindow;
        copy.warmup = warmup;
        copy.warmupProbe = warmupProbe;
        copy.timeout = timeout;
        copy.rate = rate;
        return copy;
    }

    public int passes() {
        try {
            return Integer.parseInt(passes.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException("PASSES must be a whole number, not '" + passes.trim() + "'");
        }
    }

    public Duration duration() {
        return duration;
    }

    public Duration subwindow() {
        return subwindow;
    }

    public Duration warmup() {
        return warmup;
    }

    public Duration warmupProbe() {
        return warmupProbe;
    }

    public Duration timeout() {
        return timeout;
    }

    /** RATE in requests per second; 0 for none. */
    public int rate() {
        try {
            int value = Integer.parseInt(rate.trim());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        }
        catch (NumberFormatException ex) {
            throw new LabException(
                    "RATE must be 0 (off) or a rate in requests per second, e.g. 800, got '" + rate.trim() + "'");
        }
    }

    /** {@code whole} cut into windows of SUBWINDOW, the last one taking what is left. */
    List<Duration> cut(Duration whole) {
        List<Duration> windows = new ArrayList<>();
        Duration left = whole;
        while (!left.isZero() && !left.isNegative()) {
            Duration next = left.compareTo(subwindow) < 0 ? left : subwindow;
            windows.add(next);
            left = left.minus(next);
        }
        return windows;
    }

    /**
     * Every knob of a pass checked, the same on every target; the first wrong one is one
     * line before anything starts.
     */
    public void validate() {
        int count = passes();
        if (count < 1) {
            throw new LabException("PASSES must be at least 1, got " + count);
        }
        if (count > MOST_PASSES) {
            throw new LabException("PASSES must be at most " + MOST_PASSES + ", got " + count);
        }
        if (rate() > MOST_RATE) {
            throw new LabException("RATE must be at most " + MOST_RATE + " req/s, got " + rate());
        }
        atMost("DURATION", duration, LONGEST);
        atMost("WARMUP", warmup, Duration.ofHours(1));
        if (duration.isZero() || duration.isNegative()) {
            throw new LabException("DURATION must be at least 1s");
        }
        if (warmupProbe.isZero()) {
            throw new LabException("WARMUP_PROBE must be at least 1s");
        }
        if (subwindow.toSeconds() < 1) {
            throw new LabException("SUBWINDOW must be at least 1s, got " + Durations.format(subwindow));
        }
        if (duration.toSeconds() / subwindow.toSeconds() > MOST_SUBWINDOWS) {
            throw new LabException("DURATION=" + Durations.format(duration) + " in SUBWINDOW="
                    + Durations.format(subwindow) + " parts makes " + duration.toSeconds() / subwindow.toSeconds()
                    + " sub-windows; at most " + MOST_SUBWINDOWS + ": take a longer SUBWINDOW");
        }
        if (timeout.toSeconds() < 1) {
            throw new LabException("TIMEOUT must be at least 1s (a load generator counts a request that takes longer "
                    + "as an error), got " + Durations.format(timeout));
        }
        if (warmup.compareTo(warmupProbe) < 0) {
            throw new LabException("WARMUP must be at least one warm-up probe (WARMUP_PROBE="
                    + Durations.format(warmupProbe) + "), got " + Durations.format(warmup)
                    + ": the measured warm-up is what makes the figures comparable");
        }
    }

    static void atMost(String knob, Duration value, Duration most) {
        if (value.compareTo(most) > 0) {
            throw new LabException(
                    knob + " must be at most " + Durations.format(most) + ", got " + Durations.format(value));
        }
    }

}
