package dev.perflab.lab.cli;

import dev.perflab.lab.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.FaultSchedule;
import picocli.CommandLine.Option;

/**
 * The load knobs, with the published lab's values as defaults; each also reads its
 * environment variable (THREADS, DURATION, ...), which is how the Makefile passes them.
 */
public class LoadOptions {

    @Option(names = "--threads", defaultValue = "${env:THREADS:-5}",
            description = "wrk threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--connections", defaultValue = "${env:CONNECTIONS:-10}",
            description = "wrk connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--timeout", defaultValue = "${env:TIMEOUT:-10s}", converter = Durations.class,
            description = "wrk request timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--duration", defaultValue = "${env:DURATION:-60s}", converter = Durations.class,
            description = "Measured wrk run per rung (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = { "--passes", "--repeat" }, defaultValue = "${env:PASSES:-1}",
            description = "Passes over the rungs (PASSES, once REPEAT), interleaved (1, 2, ..., n, then again), each rung restarting the apps; intervals then cover the restarts (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--subwindow", defaultValue = "${env:SUBWINDOW:-10s}", converter = Durations.class,
            description = "The measured window is split into sub-windows of this length, the units of a run's intervals (default: ${DEFAULT-VALUE}).")
    Duration subwindow;

    @Option(names = { "--warmup", "--warmup-max" }, defaultValue = "${env:WARMUP:-120s}", converter = Durations.class,
            description = "Cap on the warm-up (WARMUP, once WARMUP_MAX); it ends earlier once three WARMUP_PROBE probes agree within 3 %% (default: ${DEFAULT-VALUE}).")
    Duration warmupMax;

    @Option(names = "--faults", defaultValue = "${env:FAULTS:-}",
            description = "Faults injected into auth-service at offsets into each measured window, e.g. '20s:latency=20ms 40s:latency=1ms' (default: none).")
    String faults;

    @Option(names = { "--rate", "--cpu-rate" }, defaultValue = "${env:RATE:-}",
            description = "After the closed loop, each rung is offered this constant rate (RATE, once CPU_RATE; req/s, vegeta) for RATE_DURATION: CPU per request below "
                    + "saturation, where it does not just mirror req/s; 0 turns it off (default: " + LADDER_CPU_RATE
                    + " for make lab, 0 for the other commands).")
    String cpuRate;

    @Option(names = { "--rate-duration", "--cpu-duration" }, defaultValue = "${env:RATE_DURATION:-20s}",
            converter = Durations.class,
            description = "How long each rung is offered RATE, in SUBWINDOW parts (RATE_DURATION, once CPU_DURATION; default: ${DEFAULT-VALUE}).")
    Duration cpuDuration;

    @Option(names = "--warmup-probe", defaultValue = "${env:WARMUP_PROBE:-5s}", converter = Durations.class,
            description = "Length of each warm-up probe (default: ${DEFAULT-VALUE}).")
    Duration warmupProbe;

    /**
     * These options with {@code connections} unless the user set CONNECTIONS: the sweep's
     * default, so that ten connections (10 / auth latency) do not cap a point instead of
     * the gateway.
     */
    public LoadOptions withDefaultConnections(int connections, boolean userSet) {
        if (userSet || System.getenv("CONNECTIONS") != null) {
            return this;
        }
        LoadOptions copy = new LoadOptions();
        copy.threads = threads;
        copy.connections = connections;
        copy.timeout = timeout;
        copy.duration = duration;
        copy.repeat = repeat;
        copy.subwindow = subwindow;
        copy.warmupMax = warmupMax;
        copy.faults = faults;
        copy.warmupProbe = warmupProbe;
        copy.cpuRate = cpuRate;
        copy.cpuDuration = cpuDuration;
        return copy;
    }

    public WrkGenerator.Load load() {
        return new WrkGenerator.Load(threads, connections, timeout);
    }

    public Duration duration() {
        return duration;
    }

    public int repeat() {
        return repeat;
    }

    /**
     * The measured window cut into sub-windows of SUBWINDOW, the last one taking what is
     * left.
     */
    public List<Duration> subwindows() {
        return cut(duration);
    }

    /** The ladder's fixed offered rate: see {@link CommandKind#LADDER_CPU_RATE}. */
    public static final int LADDER_CPU_RATE = CommandKind.LADDER_CPU_RATE;

    /**
     * The constant rate each rung is offered after the closed loop (RATE, else the
     * command's default); 0 when off.
     */
    public int cpuRate(int commandDefault) {
        if (cpuRate == null || cpuRate.isBlank()) {
            return commandDefault;
        }
        try {
            int rate = Integer.parseInt(cpuRate.trim());
            if (rate < 0) {
                throw new NumberFormatException();
            }
            return rate;
        }
        catch (NumberFormatException ex) {
            throw new LabException(
                    "RATE must be 0 (off) or a rate in requests per second, e.g. 800, got '" + cpuRate.trim() + "'");
        }
    }

    /**
     * Values no run here can mean, each one line before anything starts: never an
     * out-of-memory or a run of years.
     */
    private void checkUpperBounds() {
        atMost("DURATION", duration, LONGEST);
        atMost("RATE_DURATION", cpuDuration, LONGEST);
        atMost("WARMUP", warmupMax, Duration.ofHours(1));
        if (repeat > MOST_REPEAT) {
            throw new LabException("PASSES must be at most " + MOST_REPEAT + ", got " + repeat);
        }
        if (threads > MOST_THREADS) {
            throw new LabException("THREADS must be at most " + MOST_THREADS + ", got " + threads);
        }
        long openFiles = OpenFiles.limit();
        if (connections > openFiles - 64) {
            throw new LabException("CONNECTIONS=" + connections + " is more than this machine lets one process open ("
                    + openFiles + " files, ulimit -n): at most " + (openFiles - 64));
        }
        if (cpuRate(0) > MOST_RATE) {
            throw new LabException("RATE must be at most " + MOST_RATE + " req/s, got " + cpuRate(0));
        }
        if (subwindow.toSeconds() >= 1 && duration.toSeconds() / subwindow.toSeconds() > MOST_SUBWINDOWS) {
            throw new LabException("DURATION=" + Durations.format(duration) + " in SUBWINDOW="
                    + Durations.format(subwindow) + " parts makes " + duration.toSeconds() / subwindow.toSeconds()
                    + " sub-windows; at most " + MOST_SUBWINDOWS + ": take a longer SUBWINDOW");
        }
    }

    private static void atMost(String knob, Duration value, Duration most) {
        if (value.compareTo(most) > 0) {
            throw new LabException(
                    knob + " must be at most " + Durations.format(most) + ", got " + Durations.format(value));
        }
    }

    /** The fixed-rate phase cut into sub-windows of SUBWINDOW. */
    public List<Duration> cpuSubwindows() {
        return cut(cpuDuration);
    }

    public Duration cpuDuration() {
        return cpuDuration;
    }

    private List<Duration> cut(Duration whole) {
        List<Duration> windows = new ArrayList<>();
        Duration left = whole;
        while (!left.isZero() && !left.isNegative()) {
            Duration next = left.compareTo(subwindow) < 0 ? left : subwindow;
            windows.add(next);
            left = left.minus(next);
        }
        return windows;
    }

    public Duration warmupMax() {
        return warmupMax;
    }

    public Duration warmupProbe() {
        return warmupProbe;
    }

    public FaultSchedule faults() {
        return FaultSchedule.parse(faults);
    }

    /**
     * The longest a measured window, the fixed rate or the warm-up may run: a day; beyond
     * it a typo, not a run.
     */
    static final Duration LONGEST = Duration.ofHours(24);

    /**
     * The most sub-windows one window may be cut into: each keeps three files and a line
     * in summary.json.
     */
    static final int MOST_SUBWINDOWS = 1_000;
    static final int MOST_REPEAT = 100;
    static final int MOST_THREADS = 1_000;
    static final int MOST_RATE = 1_000_000;

    public void validate() {
        load();
        checkUpperBounds();
        faults().checkWithin(duration);
        if (duration.isZero() || duration.isNegative()) {
            throw new LabException("DURATION must be at least 1s");
        }
        if (repeat < 1) {
            throw new LabException("PASSES must be at least 1, got " + repeat);
        }
        if (cpuRate(0) > 0 && cpuDuration.toSeconds() < 1) {
            throw new LabException("RATE_DURATION must be at least 1s, got " + Durations.format(cpuDuration));
        }
        if (warmupProbe.isZero()) {
            throw new LabException("WARMUP_PROBE must be at least 1s");
        }
        if (subwindow.toSeconds() < 1) {
            throw new LabException("SUBWINDOW must be at least 1s, got " + Durations.format(subwindow));
        }
        if (timeout.toSeconds() < 1) {
            throw new LabException(
                    "TIMEOUT must be at least 1s (wrk counts a request that takes longer as an error), got "
                            + Durations.format(timeout));
        }
        if (warmupMax.compareTo(warmupProbe) < 0) {
            throw new LabException("WARMUP must be at least one warm-up probe (WARMUP_PROBE="
                    + Durations.format(warmupProbe) + "), got " + Durations.format(warmupMax)
                    + ": the measured warm-up is what makes the figures comparable");
        }
    }

}
