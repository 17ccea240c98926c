package dev.perflab.lab.stats;

import java.util.Map;

/**
 * A process's CPU with its JIT's compiler threads apart, read between two marks the same
 * way for every target: thread by thread in nanoseconds where the system gives them
 * (Linux's schedstat, {@link ThreadCpu}), else the compiler threads in the clock ticks of
 * /proc/&lt;pid&gt;/stat ({@link ProcessCpu}). The compiler threads' work is a cost of
 * warming up that lands in whichever window it happens to run (1 to 10 % of a gateway's
 * CPU now and then for minutes after its warm-up), not a cost per request. Threads are
 * summed by id, as the JVM starts and ends them: one born since the mark counts whole,
 * one that ended loses its last part.
 */
public final class JitSplit {

    private JitSplit() {
    }

    /**
     * Where a process's clocks stand: its whole CPU ms as the caller's clock reads it,
     * each JIT compiler thread's in clock ticks (none for a process that is no JVM, or
     * where {@code threads} is read), and every thread of its process tree in nanoseconds
     * (null where the system gives none).
     */
    public record Mark(double processMs, Map<Long, Double> compilerMs, ThreadCpu.Reading threads) {
    }

    /**
     * What a process spent since a mark: CPU outside the JIT's compiler threads
     * ({@code requestsMs}) and in them ({@code compilerMs}); its collector's threads' CPU
     * ({@code gcMs}) and the whole process's outside the JIT as the caller's clock reads
     * it ({@code processMs}), NaN where not read thread by thread.
     */
    public record Spent(double requestsMs, double compilerMs, double gcMs, double processMs) {
    }

    /**
     * Marks {@code pid} now.
     * @param processMs its whole CPU so far, as the caller reads it
     * @param jvm whether it is a JVM, whose compiler threads are read
     */
    public static Mark mark(long pid, double processMs, boolean jvm) {
        return mark(pid, processMs, jvm, ThreadCpu.read(pid));
    }

    /**
     * Marks a process from a reading taken elsewhere ({@link HostProc}: another host's
     * /proc over ssh): its whole CPU and its threads.
     */
    public static Mark mark(HostProc.Reading reading) {
        return new Mark(reading.processMs(), Map.of(), reading.threads());
    }

    private static Mark mark(long pid, double processMs, boolean jvm, ThreadCpu.Reading threads) {
        Map<Long, Double> compiler = !jvm || threads != null ? Map.of() : ProcessCpu.compilerThreads(pid);
        return new Mark(processMs, compiler == null ? Map.of() : compiler, threads);
    }

    /**
     * What {@code pid} spent since {@code mark}.
     * @param processMs its whole CPU so far, read by the same clock as the mark's
     * @param jvm whether it is a JVM
     * @param wholeClock whether the CPU outside the JIT is the whole clock's less the
     * compiler threads' (a container's cgroup: every process in it) rather than the sum
     * of the process tree's other threads
     */
    public static Spent since(Mark mark, long pid, double processMs, boolean jvm, boolean wholeClock) {
        ThreadCpu.Reading threads = mark.threads() == null ? null : ThreadCpu.read(pid);
        if (threads != null) {
            return since(mark, processMs, threads, wholeClock);
        }
        double process = processMs - mark.processMs();
        Map<Long, Double> now = jvm ? ProcessCpu.compilerThreads(pid) : Map.of();
        double compiler = ProcessCpu.compilerSpent(mark.compilerMs(), now == null ? Map.of() : now);
        return new Spent(Math.max(0, process - compiler), compiler, Double.NaN, Double.NaN);
    }

    /**
     * What a process spent since a mark of {@link #mark(HostProc.Reading)}, read
     * elsewhere the same way: its threads' CPU by kind.
     */
    public static Spent since(Mark mark, HostProc.Reading now) {
        return since(mark, now.processMs(), now.threads(), false);
    }

    private static Spent since(Mark mark, double processMs, ThreadCpu.Reading threads, boolean wholeClock) {
        double process = processMs - mark.processMs();
        ThreadCpu.Spent spent = threads.since(mark.threads());
        double compiler = spent.jitNanos() / 1e6;
        double requests = wholeClock ? Math.max(0, process - compiler) : (spent.gcNanos() + spent.otherNanos()) / 1e6;
        return new Spent(requests, compiler, spent.gcNanos() / 1e6, Math.max(0, process - compiler));
    }

}
