package dev.perflab.lab.report;

import dev.perflab.lab.ExitCode;
import java.util.List;

/**
 * One line of a gate at the end of a run (SLO or FAIL_ON), k6's thresholds style: ✓ when
 * it held, ✗ when it did not; one that did not makes the command exit with 3.
 */
public record GateLine(boolean held, String text) {

    /** The exit code of a gate that did not hold: distinct from a lab error's 1. */
    public static final int EXIT_GATE = ExitCode.GATE.code();

    public static GateLine held(String text) {
        return new GateLine(true, text);
    }

    public static GateLine broken(String text) {
        return new GateLine(false, text);
    }

    /** 0 when every line held (or there are none), {@link #EXIT_GATE} otherwise. */
    public static int exitCode(List<GateLine> lines) {
        return lines.stream().allMatch(GateLine::held) ? 0 : EXIT_GATE;
    }

    @Override
    public String toString() {
        return (held ? "✓ " : "✗ ") + text;
    }

}
