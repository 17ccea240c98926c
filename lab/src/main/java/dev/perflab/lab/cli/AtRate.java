package dev.perflab.lab.cli;

import java.io.PrintWriter;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.MeasurementPlan;

/**
 * Whether the rungs are offered a fixed rate after the closed loop (RATE; make lab's
 * default {@link CommandKind#LADDER_CPU_RATE}), with vegeta. Without vegeta and Go to
 * build it, the default rate is left out with one line; a rate the user asked for is an
 * error.
 */
record AtRate(int rate, String skipped) {

    static AtRate decide(CommandKind command, SystemOptions system, LoadOptions load, PrintWriter out) {
        if (command.measuresCapacity()) {
            return new AtRate(0, null);
        }
        int rate = load.cpuRate();
        if (rate == 0) {
            return new AtRate(0, null);
        }
        try {
            VegetaInstaller.ensure(system.root(), out);
            return new AtRate(rate, null);
        }
        catch (LabException ex) {
            if (load.rateGiven()) {
                throw new LabException("RATE=" + rate + ": " + ex.getMessage());
            }
            out.println("CPU at a fixed rate: not measured, " + ex.getMessage() + " (RATE=0 leaves this phase out)");
            return new AtRate(0, ex.getMessage());
        }
    }

    String describe(LoadOptions load) {
        return rate > 0 ? rate + " req/s for " + Durations.format(load.cpuDuration()) + " after the closed loop and "
                + MeasurementPlan.FIXED_RATE_SETTLE.toSeconds() + " s to settle (vegeta " + VegetaInstaller.VERSION
                + ")" : skipped != null ? "not measured: " + skipped : "off";
    }
}
