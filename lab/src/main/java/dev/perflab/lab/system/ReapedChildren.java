package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * The CPU time of the runner's children that have ended and been waited for: fields
 * cutime and cstime of {@code /proc/self/stat}. Read before and after a load generator's
 * run, the difference is what that generator (and any helper it ran, such as vegeta's
 * report) cost, measured by the kernel rather than sampled. Empty where there is no
 * {@code /proc} (macOS).
 */
public final class ReapedChildren {

    /** USER_HZ: the unit of /proc's times on every Linux the lab runs on. */
    static final double TICKS_PER_SECOND = 100;

    private ReapedChildren() {
    }

    /** Seconds of CPU (user and system) that the runner's ended children used so far. */
    public static OptionalDouble cpuSeconds() {
        try {
            return OptionalDouble.of(parse(Files.readString(Path.of("/proc/self/stat"))));
        }
        catch (IOException | RuntimeException ex) {
            return OptionalDouble.empty();
        }
    }

    /**
     * cutime + cstime from a /proc/[pid]/stat line; the command name may hold spaces and
     * parentheses, so fields count from the last ')'.
     */
    static double parse(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // after "pid (comm)": state is field 3, so cutime (16) and cstime (17) are at
        // offsets 13 and 14
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / TICKS_PER_SECOND;
    }

}
