package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

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
        return read(pid, ProcessCpu::fromStat);
    }

    /**
     * The CPU time of a process and of every process under it in ms: its own, that of its
     * children it has reaped (cutime, cstime: a child that ended keeps counting), and
     * that of the live ones below it; empty when it has ended. For nginx, whose master
     * starts and ends helpers (the cache loader ends a minute after the start).
     */
    public static OptionalDouble treeMillis(long pid) {
        OptionalDouble own = read(pid, ProcessCpu::withChildren);
        if (own.isEmpty()) {
            return own;
        }
        double ms = own.getAsDouble();
        for (ProcessHandle child : ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of())) {
            // one that ended since the list was made is counted in its parent's cutime
            ms += read(child.pid(), ProcessCpu::withChildren).orElse(0);
        }
        return OptionalDouble.of(ms);
    }

    /**
     * The CPU time in ms of a JVM's JIT compiler threads (named "C1 CompilerThread" and
     * "C2 CompilerThread", which the kernel cuts to 15 characters), live ones only: what
     * compiling costs, which a busy machine does not stretch as it stretches the JIT's
     * own wall-clock total; empty when the process has ended.
     */
    public static OptionalDouble compilerMillis(long pid) {
        Map<Long, Double> threads = compilerThreads(pid);
        return threads == null ? OptionalDouble.empty()
                : OptionalDouble.of(threads.values().stream().mapToDouble(Double::doubleValue).sum());
    }

    /**
     * The CPU time in ms of each live JIT compiler thread of a JVM, by thread id; null
     * when the process has ended. The JVM starts and ends compiler threads as its queue
     * grows and shrinks, so what they spent between two readings is summed over the ids:
     * one that ended in between takes what it spent since the first reading with it.
     */
    public static Map<Long, Double> compilerThreads(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (java.util.stream.Stream<Path> threads = Files.list(tasks)) {
            Map<Long, Double> ms = new HashMap<>();
            for (Path thread : threads.toList()) {
                try {
                    String stat = Files.readString(thread.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        ms.put(Long.parseLong(thread.getFileName().toString()), fromStat(stat));
                    }
                }
                catch (IOException | RuntimeException ended) {
                    // a thread that ended between the list and its read
                }
            }
            return ms;
        }
        catch (IOException | RuntimeException ex) {
            return null;
        }
    }

    /**
     * What the compiler threads of {@code after} spent since {@code before} (two readings
     * of {@link #compilerThreads}): a thread in both its difference, a thread born in
     * between all it has.
     */
    public static double compilerSpent(Map<Long, Double> before, Map<Long, Double> after) {
        double ms = 0;
        for (Map.Entry<Long, Double> thread : after.entrySet()) {
            ms += Math.max(0, thread.getValue() - before.getOrDefault(thread.getKey(), 0.0));
        }
        return ms;
    }

    private static OptionalDouble read(long pid, ToDoubleFunction<String> ticks) {
        try {
            return OptionalDouble
                .of(ticks.applyAsDouble(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
        }
        catch (IOException | RuntimeException ex) {
            return OptionalDouble.empty();
        }
    }

    /** utime + stime + cutime + cstime of a stat line. */
    static double withChildren(String stat) {
        String[] fields = fields(stat);
        return fromStat(stat) + (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * MILLIS_PER_TICK;
    }

    /**
     * The fields after the command name, which may hold spaces and parentheses itself.
     */
    private static String[] fields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    /**
     * utime + stime of a stat line; the command name in parentheses may hold spaces and
     * parentheses itself.
     */
    static double fromStat(String stat) {
        String[] fields = fields(stat);
        // after the name: state is field 3 of the line, utime 14 and stime 15
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MILLIS_PER_TICK;
    }

}
