package dev.perflab.lab.cli;

import java.time.Duration;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import picocli.CommandLine.Option;

/**
 * TIME, declared once: what make lab may spend, beyond its planned passes, on passes that
 * narrow the steps not yet told apart.
 */
public class TimeOption {

    @Option(names = "--time", defaultValue = "${env:TIME:-40m}", converter = Durations.class,
            description = "make lab's budget: after PASSES, further passes restart only the rungs of the steps not yet "
                    + "at ±3%% CPU and ±1%% bytes (a gateway against nginx ±3%%) while the next one ends within it; "
                    + "0s: the planned passes alone (default: ${DEFAULT-VALUE}).")
    Duration time = Duration.ofMinutes(40);

    /** TIME, checked. */
    public Duration budget() {
        if (time.isNegative()) {
            throw new LabException("TIME must be 0s (the planned passes alone) or more, not " + Durations.format(time));
        }
        return time;
    }

}
