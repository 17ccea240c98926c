package dev.perflab.lab.cli;

import dev.perflab.lab.capacity.Slo;
import picocli.CommandLine.Option;

/**
 * SLO=p99:10ms on a measuring command: a ✓/✗ line per measured rung after the summary,
 * and exit code 3 when a rung did not hold it.
 */
class GateOptions {

    @Option(names = "--slo", defaultValue = "${env:SLO:-}",
            description = "A latency objective, e.g. p99:10ms: a ✓/✗ line per measured rung after the summary, "
                    + "exit code 3 when one does not hold it; make capacity: the objective its search's steps must meet (default here: '${DEFAULT-VALUE}'; empty: no gate).")
    String slo;

    /**
     * The objective, or null for none; a malformed one is one line before anything
     * starts.
     */
    Slo slo() {
        return slo == null || slo.isBlank() ? null : Slo.parse(slo);
    }

}
