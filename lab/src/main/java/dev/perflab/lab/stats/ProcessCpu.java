package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * The CPU time a process has used so far, user and system together, from
 * {@code /proc/<pid>/stat}: the kernel keeps it from the scheduler's exact run time and
 * prints it in clock ticks (1/100 s), counting threads that have ended too. Read at the
 * two ends of a window, it is what the process spent in that window, within a tick.
 */
public final class ProcessCpu {

    private static final double MILLIS_PER_TICK = 10;

    private ProcessCpu() {
    }

    /** The process's CPU time in ms; empty when it has ended or /proc cannot be read. */
    public static OptionalDouble millis(long pid) {
        try {
            return OptionalDouble.of(fromStat(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
        }
        catch (IOException | RuntimeException ex) {
            return OptionalDouble.empty();
        }
    }

    /**
     * utime + stime of a stat line; the command name in parentheses may hold spaces and
     * parentheses itself.
     */
    static double fromStat(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // after the name: state is field 3 of the line, utime 14 and stime 15
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MILLIS_PER_TICK;
    }

}
