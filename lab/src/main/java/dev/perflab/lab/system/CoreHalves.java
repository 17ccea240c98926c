package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * The two sides of a duet, each on one half of this machine's cores, the halves swapped
 * every {@link #PERIOD_MS} ms while a window is measured, so that in each window each
 * side spends as long on each half. On a shared VM the cores do not run alike from second
 * to second (a neighbour on a core's other hyperthread, the hypervisor), and a side whose
 * threads happened to run more on the slower core read costlier in that window: in an A/A
 * duet (make compare, the same gateway on both sides, 12 windows of 8 s in each of two
 * passes, 400 req/s a side) a window read the ratio to ±2.76 % (sd) with the cores
 * shared, ±1.08 % with the halves swapped every 100 ms (docs 13).
 *
 * <p>
 * Every thread of every process of a side (a JVM's, nginx's master and workers) is set
 * with {@code sched_setaffinity}; a thread started between two swaps inherits its
 * creator's half. On closing, every thread gets all the cores back. Linux only, with two
 * cores or more; elsewhere {@link #of} says why not.
 */
public final class CoreHalves {

    /** How often the halves are swapped. */
    public static final long PERIOD_MS = 100;

    /** glibc's sched_setaffinity, through JNA. */
    interface C extends Library {

        int sched_setaffinity(int pid, long cpusetsize, long[] mask);

    }

    private static volatile C c;

    private final List<Integer> cores;

    private final long[] first;

    private final long[] second;

    private final long[] all;

    private CoreHalves(List<Integer> cores) {
        this.cores = List.copyOf(cores);
        int half = cores.size() / 2;
        this.first = mask(cores.subList(0, half));
        this.second = mask(cores.subList(half, half * 2));
        this.all = mask(cores);
    }

    /**
     * The halves of the cores this process may run on, or empty with the reason in
     * {@code why}: not Linux, one core, or libc's call not reachable.
     */
    public static Optional<CoreHalves> of(StringBuilder why) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            why.append("not Linux: the sides share the cores");
            return Optional.empty();
        }
        List<Integer> cores;
        try {
            cores = allowed(Files.readAllLines(Path.of("/proc/self/status")));
        }
        catch (IOException | RuntimeException ex) {
            why.append("this process's cores could not be read (").append(ex.getMessage()).append(')');
            return Optional.empty();
        }
        if (cores.size() < 2) {
            why.append("one core: the sides share it");
            return Optional.empty();
        }
        try {
            if (c == null) {
                c = Native.load("c", C.class);
            }
        }
        catch (LinkageError ex) {
            why.append("libc's sched_setaffinity not reachable (").append(ex.getMessage()).append(')');
            return Optional.empty();
        }
        return Optional.of(new CoreHalves(cores));
    }

    /** The cores split, e.g. "0 | 1" or "0-1 | 2-3". */
    public String describe() {
        int half = cores.size() / 2;
        return list(cores.subList(0, half)) + " | " + list(cores.subList(half, half * 2));
    }

    /**
     * The cores of /proc/self/status's Cpus_allowed_list ("0-3,6"), in order.
     */
    static List<Integer> allowed(List<String> status) {
        for (String line : status) {
            if (line.startsWith("Cpus_allowed_list:")) {
                TreeSet<Integer> cores = new TreeSet<>();
                for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                    String[] ends = part.trim().split("-");
                    int from = Integer.parseInt(ends[0].trim());
                    int to = ends.length > 1 ? Integer.parseInt(ends[1].trim()) : from;
                    for (int core = from; core <= to; core++) {
                        cores.add(core);
                    }
                }
                return new ArrayList<>(cores);
            }
        }
        throw new IllegalArgumentException("no Cpus_allowed_list");
    }

    /**
     * Swaps the halves between the processes of {@code one} and those of {@code other}
     * (each read anew at every swap, so that a side's new threads and processes are
     * taken) every {@link #PERIOD_MS} ms, until closed.
     */
    public Swapping start(Supplier<List<Long>> one, Supplier<List<Long>> other) {
        Swapping swapping = new Swapping(one, other);
        swapping.swap();
        swapping.timer.scheduleAtFixedRate(swapping::swap, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
        return swapping;
    }

    /** The swapping of one window; closing it gives every thread all the cores back. */
    public final class Swapping implements AutoCloseable {

        private final Supplier<List<Long>> one;

        private final Supplier<List<Long>> other;

        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "core-halves");
            thread.setDaemon(true);
            return thread;
        });

        private final AtomicBoolean closed = new AtomicBoolean();

        private final AtomicInteger swaps = new AtomicInteger();

        /**
         * Threads set to a half, over both sides; none means the swapping did nothing.
         */
        private final AtomicInteger set = new AtomicInteger();

        private boolean flip;

        private Swapping(Supplier<List<Long>> one, Supplier<List<Long>> other) {
            this.one = one;
            this.other = other;
        }

        private synchronized void swap() {
            if (closed.get()) {
                return;
            }
            set.addAndGet(pin(one.get(), flip ? second : first));
            set.addAndGet(pin(other.get(), flip ? first : second));
            flip = !flip;
            swaps.incrementAndGet();
        }

        /** How many times the halves were set, the first included. */
        public int swaps() {
            return swaps.get();
        }

        /** Whether any thread was ever set to a half (false: not permitted, say). */
        public boolean applied() {
            return set.get() > 0;
        }

        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            synchronized (this) {
                pin(one.get(), all);
                pin(other.get(), all);
            }
        }

    }

    /** Every thread of every process of {@code pids} to {@code mask}; the threads set. */
    private static int pin(List<Long> pids, long[] mask) {
        int set = 0;
        for (long pid : pids) {
            for (int tid : threads(pid)) {
                if (c.sched_setaffinity(tid, mask.length * 8L, mask) == 0) {
                    set++;
                }
            }
        }
        return set;
    }

    /** The threads of a process, none once it ended. */
    static List<Integer> threads(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            List<Integer> tids = new ArrayList<>();
            tasks.forEach(task -> {
                try {
                    tids.add(Integer.parseInt(task.getFileName().toString()));
                }
                catch (NumberFormatException ex) {
                    // not a thread
                }
            });
            return tids;
        }
        catch (IOException | RuntimeException ex) {
            return List.of();
        }
    }

    private static long[] mask(List<Integer> cores) {
        int highest = cores.stream().mapToInt(Integer::intValue).max().orElse(0);
        long[] mask = new long[highest / 64 + 1];
        for (int core : cores) {
            mask[core / 64] |= 1L << (core % 64);
        }
        return mask;
    }

    private static String list(List<Integer> cores) {
        if (cores.size() == 1) {
            return cores.get(0).toString();
        }
        boolean contiguous = cores.get(cores.size() - 1) - cores.get(0) == cores.size() - 1;
        return contiguous ? cores.get(0) + "-" + cores.get(cores.size() - 1)
                : String.join(",", cores.stream().map(String::valueOf).toList());
    }

}
