package dev.perflab.lab.paired;

/**
 * How a side's whole CPU is read: the clock ticks (10 ms) of /proc/&lt;pid&gt;/stat for a
 * JVM or nginx on this machine, the nanoseconds of its cgroup for a container (every
 * process in it). The reading beside the thread-by-thread one, whose spread the two are
 * compared by.
 */
enum ProcessClock {

    PROC_STAT_TICKS("proc_stat_ticks"), CGROUP_NANOS("cgroup_ns");

    private final String id;

    ProcessClock(String id) {
        this.id = id;
    }

    /** The name results give it. */
    String id() {
        return id;
    }

}
