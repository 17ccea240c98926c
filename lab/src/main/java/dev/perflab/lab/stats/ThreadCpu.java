package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The run time of every thread of a process tree in nanoseconds, from
 * {@code /proc/<pid>/task/<tid>/schedstat} (its first field: the scheduler's exact
 * {@code sum_exec_runtime}), each thread with its name. {@code /proc/<pid>/stat} gives
 * the same time in clock ticks of 10 ms: over an 8-second window at 400 req/s one tick is
 * about 1 % of a gateway's CPU and 3 % of nginx's, where nanoseconds leave nothing to
 * round.
 * <p>
 * Two readings give what the tree spent between them, thread by thread: a thread in both
 * its difference, one born in between all it has; one that ended in between loses what it
 * spent since the first reading (the kernel keeps no per-thread time after the thread is
 * gone). The JIT's compiler threads and the garbage collector's are told apart by name,
 * so that a window can report them apart.
 */
public final class ThreadCpu {

    /** What a thread's time is counted as. */
    public enum Kind {

        /** C1 and C2 compiler threads: the JIT's work, a cost of warming up. */
        JIT,
        /** The collector's workers and its concurrent threads: a lump in some windows. */
        GC,
        /** Everything else: the event loops, the pools, the VM's own threads. */
        OTHER;

        /**
         * A thread's kind by its name as the kernel keeps it (cut to 15 characters):
         * HotSpot's "C1 CompilerThre", "C2 CompilerThre"; "GC Thread#0" (G1's and
         * Parallel's workers), "G1 Conc#0", "G1 Refine#0", "G1 Main Marker", "G1
         * Service", "G1 Young RemSet", ZGC's and Shenandoah's "ZWorker", "Shenandoah…".
         */
        static Kind of(String name) {
            if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                return JIT;
            }
            if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("ZWorker")
                    || name.startsWith("ZDirector") || name.startsWith("Shenandoah")) {
                return GC;
            }
            return OTHER;
        }

    }

    /** One thread at a reading. */
    public record Thread(Kind kind, long nanos) {
    }

    /** Every thread of a process tree at one moment, by thread id. */
    public record Reading(Map<Long, Thread> threads) {

        /** Nanoseconds the tree's threads of each kind spent since {@code before}. */
        public Spent since(Reading before) {
            long jit = 0;
            long gc = 0;
            long other = 0;
            for (Map.Entry<Long, Thread> entry : threads.entrySet()) {
                Thread earlier = before.threads().get(entry.getKey());
                long spent = Math.max(0, entry.getValue().nanos() - (earlier == null ? 0 : earlier.nanos()));
                switch (entry.getValue().kind()) {
                    case JIT -> jit += spent;
                    case GC -> gc += spent;
                    default -> other += spent;
                }
            }
            return new Spent(jit, gc, other);
        }

    }

    /** What a tree spent between two readings, in nanoseconds, by kind. */
    public record Spent(long jitNanos, long gcNanos, long otherNanos) {

        public long totalNanos() {
            return jitNanos + gcNanos + otherNanos;
        }

    }

    private ThreadCpu() {
    }

    /**
     * Every thread of {@code pid} and of the processes under it; null when {@code pid}
     * has ended or this system has no per-thread schedstat (not Linux, or a kernel
     * without CONFIG_SCHED_INFO).
     */
    public static Reading read(long pid) {
        Map<Long, Thread> threads = new HashMap<>();
        if (!readProcess(pid, threads)) {
            return null;
        }
        for (ProcessHandle child : ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of())) {
            // one that ended since the list was made is simply not there
            readProcess(child.pid(), threads);
        }
        return new Reading(threads);
    }

    /** Whether this machine gives per-thread run times in nanoseconds. */
    public static boolean available() {
        return Files.isReadable(
                Path.of("/proc/self/task").resolve(Long.toString(ProcessHandle.current().pid())).resolve("schedstat"));
    }

    private static boolean readProcess(long pid, Map<Long, Thread> threads) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        List<Path> listed;
        try (Stream<Path> list = Files.list(tasks)) {
            listed = list.toList();
        }
        catch (IOException | RuntimeException ended) {
            return false;
        }
        boolean any = false;
        for (Path task : listed) {
            try {
                String schedstat = Files.readString(task.resolve("schedstat"));
                String name = Files.readString(task.resolve("comm")).strip();
                threads.put(Long.parseLong(task.getFileName().toString()),
                        new Thread(Kind.of(name), runNanos(schedstat)));
                any = true;
            }
            catch (IOException | RuntimeException ended) {
                // a thread that ended between the list and its read
            }
        }
        return any;
    }

    /** The first field of a schedstat line: time on the CPU, in nanoseconds. */
    static long runNanos(String schedstat) {
        String line = schedstat.strip();
        int space = line.indexOf(' ');
        return Long.parseLong(space < 0 ? line : line.substring(0, space));
    }

}
