package dev.perflab.lab.cli;

import dev.perflab.lab.Durations;

import java.time.Duration;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.run.FaultSchedule;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The sequential targets' load: the knobs of a pass ({@link PassOptions}) and wrk's
 * ({@link WrkOptions}), each declared there once, with the faults and how long each rung
 * is offered RATE. Each reads its environment variable (THREADS, DURATION, ...), which is
 * how the Makefile passes them; a target's own default is in {@link KnobTable}.
 */
public class LoadOptions {

    @Mixin
    PassOptions pass = new PassOptions();

    @Mixin
    WrkOptions wrk = new WrkOptions();

    @Option(names = "--faults", defaultValue = "${env:FAULTS:-}",
            description = "Faults injected into auth-service at offsets into each measured window, e.g. '20s:latency=20ms 40s:latency=1ms' (default: none).")
    String faults;

    @Option(names = { "--rate-duration", "--cpu-duration" }, defaultValue = "${env:RATE_DURATION:-20s}",
            converter = Durations.class,
            description = "How long each rung is offered RATE, in SUBWINDOW parts (RATE_DURATION, once CPU_DURATION; default: ${DEFAULT-VALUE}).")
    Duration cpuDuration;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * The same load with {@code measured} as each measurement's time: make capacity's
     * steps, STEP_DURATION.
     */
    LoadOptions measuring(Duration measured) {
        LoadOptions copy = new LoadOptions();
        copy.pass = pass.measuring(measured);
        copy.wrk = wrk;
        copy.faults = faults;
        copy.cpuDuration = cpuDuration;
        copy.command = command;
        return copy;
    }

    public WrkGenerator.Load load() {
        return new WrkGenerator.Load(wrk.threads(), wrk.connections(), pass.timeout());
    }

    public Duration duration() {
        return pass.duration();
    }

    public int repeat() {
        return pass.passes();
    }

    /**
     * The measured window cut into sub-windows of SUBWINDOW, the last one taking what is
     * left.
     */
    public List<Duration> subwindows() {
        return pass.cut(pass.duration());
    }

    /**
     * The constant rate each rung is offered after the closed loop (RATE, else the
     * command's default from {@link KnobTable}); 0 when off.
     */
    public int cpuRate() {
        return pass.rate();
    }

    /** Whether RATE was given, rather than the command's default. */
    public boolean rateGiven() {
        return System.getenv("RATE") != null
                || command != null && command.commandLine() != null && command.commandLine().getParseResult() != null
                        && command.commandLine().getParseResult().hasMatchedOption("--rate");
    }

    /** The fixed-rate phase cut into sub-windows of SUBWINDOW. */
    public List<Duration> cpuSubwindows() {
        return pass.cut(cpuDuration);
    }

    public Duration cpuDuration() {
        return cpuDuration;
    }

    public Duration warmupMax() {
        return pass.warmup();
    }

    public Duration warmupProbe() {
        return pass.warmupProbe();
    }

    public FaultSchedule faults() {
        return FaultSchedule.parse(faults);
    }

    public void validate() {
        pass.validate();
        wrk.validate();
        load();
        PassOptions.atMost("RATE_DURATION", cpuDuration, PassOptions.LONGEST);
        faults().checkWithin(pass.duration());
        if (cpuRate() > 0 && cpuDuration.toSeconds() < 1) {
            throw new LabException("RATE_DURATION must be at least 1s, got " + Durations.format(cpuDuration));
        }
    }

}
