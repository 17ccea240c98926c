package dev.perflab.lab;

/**
 * Every exit code of the lab runner, as docs/en/12-reference.md lists them (a test holds
 * the two together).
 */
public enum ExitCode {

    /** The command did what it was asked, and every gate it was given held. */
    OK(0),

    /**
     * The lab could not do what it was asked: a knob it does not know or a value it
     * refuses before anything starts, a gateway that would not start, a run that failed,
     * a HISTORY file given that could not be appended to; one line says why.
     */
    FAILED(1),

    /** The command line itself: an unknown option or a value of the wrong type. */
    USAGE(2),

    /** The run finished, and a gate (FAIL_ON, SLO) did not hold or could not decide. */
    GATE(3);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

}
