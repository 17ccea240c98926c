package dev.perflab.lab.cli;

import dev.perflab.lab.compare.Comparison;
import picocli.CommandLine.Option;

/** FAIL_ON, declared once for every command that gates on a paired verdict. */
public class FailOnOption {

    @Option(names = "--fail-on", defaultValue = "${env:FAIL_ON:-}",
            description = "A ✓/✗ line per pair or step; exit with 3 when B (a step's rung) is significantly costlier "
                    + "than A (the rung before it) by more than this, or has no verdict, e.g. 5%% (default: no gate).")
    String failOn = "";

    /** FAIL_ON as given, trimmed; empty for none. */
    public String text() {
        return failOn == null ? "" : failOn.trim();
    }

    public boolean given() {
        return !text().isEmpty();
    }

    /**
     * The threshold, NaN for none; a malformed one is one line before anything starts.
     */
    public double threshold() {
        return given() ? Comparison.threshold(text()) : Double.NaN;
    }

}
