package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The knobs of make capacity: the latency objective and, optionally, the rates to offer
 * instead of a search.
 */
public class CapacityOptions {

    /** SLO, declared once; make capacity's default is in {@link KnobTable}. */
    @Mixin
    GateOptions gate = new GateOptions();

    @Option(names = "--step-duration", defaultValue = "${env:STEP_DURATION:-60s}", converter = Durations.class,
            description = "Measured time of each step of the search: one rung offered one rate, in SUBWINDOW parts "
                    + "(STEP_DURATION, once DURATION on make capacity; default: ${DEFAULT-VALUE}).")
    Duration stepDuration;

    @Option(names = "--rates", defaultValue = "${env:RATES:-}",
            description = "Offered rates in req/s to measure instead of searching, e.g. 500,1000,2000 (default: search).")
    String rates;

    /** AGENTS, AGENT_HOSTS and SSH_CONFIG, declared once. */
    @Mixin
    AgentOptions agents = new AgentOptions();

    /** The objective each step must meet (make capacity always has one). */
    public Slo slo() {
        Slo slo = gate.slo();
        if (slo == null) {
            throw new LabException("make capacity needs a latency objective: SLO=p99:10ms, for example");
        }
        return slo;
    }

    /** The given rates, or empty for an automatic search; a bad list is one line. */
    public List<Double> rates() {
        List<Double> parsed = new ArrayList<>();
        if (rates == null || rates.isBlank()) {
            return parsed;
        }
        for (String part : rates.split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                double rate = Double.parseDouble(part);
                if (rate != Math.rint(rate) || rate < 1 || rate > PassOptions.MOST_RATE || Double.isNaN(rate)) {
                    throw new NumberFormatException();
                }
                parsed.add(rate);
            }
            catch (NumberFormatException ex) {
                throw new LabException("RATES must be whole req/s from 1 to " + PassOptions.MOST_RATE
                        + " separated by commas, such as 500,1000,2000; '" + part + "' is not one");
            }
        }
        return parsed;
    }

    /**
     * The hosts of the load agents, one per agent; empty for one vegeta as without
     * agents. A bad count or list is one line.
     */
    public List<String> agentHosts() {
        return agents.hosts();
    }

    /** The ssh config of the agent hosts over ssh, or null for ssh's own. */
    public Path sshConfig(Path root) {
        return agents.sshConfig(root);
    }

    /** STEP_DURATION: how long each step of the search is measured. */
    public Duration stepDuration() {
        return stepDuration;
    }

    public void validate() {
        if (stepDuration.toSeconds() < 1) {
            throw new LabException("STEP_DURATION must be at least 1s, got " + Durations.format(stepDuration));
        }
        PassOptions.atMost("STEP_DURATION", stepDuration, PassOptions.LONGEST);
        slo();
        rates();
        agentHosts();
    }

}
