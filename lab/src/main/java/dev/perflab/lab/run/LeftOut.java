package dev.perflab.lab.run;

import java.util.List;
import java.util.stream.Collectors;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.Jdks;

/**
 * A rung of the ladder that a run cannot measure, and why. Without a gate the run goes on
 * without it, saying so in one line; a gate (FAIL_ON) that would pass the steps it did
 * not measure refuses to start instead ({@link #refuseUnderGate}).
 */
public record LeftOut(String rung, String why) {

    /** The rung left out because its JDK is not on this machine; null when it can run. */
    public static LeftOut withoutJdk(Scenario rung) {
        if (rung.jdk() == null || Jdks.find(rung.jdk()).isPresent()) {
            return null;
        }
        return new LeftOut(rung.name(), "it runs on JDK " + rung.jdk() + ", and none is in " + Jdks.searched());
    }

    /** The line a run prints for it. */
    public String line() {
        return "rung " + rung + " left out: " + why;
    }

    /**
     * Ends the command before anything starts, in one line naming every rung left out and
     * why, when FAIL_ON is given and a rung it was asked to gate cannot be measured: a
     * gate would otherwise pass steps it never measured.
     * @param failOn FAIL_ON as given; blank for none
     * @param kept the rungs that would run, for the ONLY= that leaves the others out on
     * purpose
     */
    public static void refuseUnderGate(String failOn, List<LeftOut> leftOut, List<String> kept) {
        if (failOn == null || failOn.isBlank() || leftOut.isEmpty()) {
            return;
        }
        throw new LabException("FAIL_ON=" + failOn.trim() + " gates every step, and the steps of "
                + (leftOut.size() == 1 ? "rung " : leftOut.size() + " rungs ")
                + leftOut.stream().map(left -> left.rung() + " (" + left.why() + ")").collect(Collectors.joining("; "))
                + " would not be measured: make them runnable, or leave them out on purpose with ONLY="
                + String.join(",", kept));
    }

}
