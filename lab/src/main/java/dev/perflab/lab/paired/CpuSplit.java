package dev.perflab.lab.paired;

/**
 * A side's CPU in a window beside what its cost is read from: its collector's threads
 * (part of the cost, shown apart: a collection is a lump in one window), and the
 * process's CPU outside the JIT as a second reading, kept to compare the two readings'
 * spread: in the 10 ms clock ticks of /proc/<pid>/stat on this machine
 * ({@code cpu_ms_ticks}), from the container's cgroup counter in nanoseconds on
 * RUNTIME=compose ({@code cpu_ms_cgroup}); NaN where not read.
 *
 * @param processKey the JSON name of the second reading, which says what it is
 */
public record CpuSplit(double gcMs, double processMs, String processKey) {

    /** The second reading in clock ticks of /proc/<pid>/stat. */
    public static final String TICKS = "cpu_ms_ticks";

    /** The second reading from a container's cgroup, in nanoseconds. */
    public static final String CGROUP = "cpu_ms_cgroup";

    public static final CpuSplit NONE = new CpuSplit(Double.NaN, Double.NaN, TICKS);

}
