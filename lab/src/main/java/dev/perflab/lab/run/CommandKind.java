package dev.perflab.lab.run;

/** The measuring commands, as run.json and the results folder name them. */
public enum CommandKind {

    BASELINE("baseline"), GATEWAY_TEST("gateway-test"), PROFILE("profile"), LAB("lab"), SWEEP("sweep"),
    CAPACITY("capacity");

    /**
     * make lab's fixed offered rate after the closed loop: below the blocking rung's
     * closed loop at 1 ms auth latency on 2 cores (about 1,300 req/s); the lab runner's
     * knob table gives it to make lab as RATE's default.
     */
    public static final int LADDER_CPU_RATE = 800;

    private final String id;

    CommandKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /**
     * Whether the rungs search their capacity instead of measuring closed-loop windows.
     */
    public boolean measuresCapacity() {
        return this == CAPACITY;
    }

    /**
     * Whether the command sets auth-service's latency per rung, which only a system the
     * lab started allows.
     */
    public boolean setsAuthLatency() {
        return this == SWEEP;
    }

}
