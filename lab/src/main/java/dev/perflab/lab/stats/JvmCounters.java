package dev.perflab.lab.stats;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import com.sun.tools.attach.VirtualMachine;

import dev.perflab.lab.LabException;
import java.util.Locale;

/**
 * What a JVM counts about itself, read from outside through the attach API (any HotSpot
 * JVM of this user, the lab's apps and a foreign gateway alike, with no option at its
 * start): bytes its threads allocated, young and all collections with their time, JIT
 * compilation time; and from /proc the context switches of its threads, each counted
 * thread by thread between two snapshots. Allocation is counted by the JVM per thread,
 * exactly, so it does not move with the machine's load the way CPU time does.
 */
public final class JvmCounters implements AutoCloseable {

    private final long pid;

    private final JMXConnector connector;

    private final com.sun.management.ThreadMXBean threads;

    private final List<GarbageCollectorMXBean> collectors;

    private final CompilationMXBean compilation;

    /** The group of each thread id read so far. */
    private final Map<Long, String> groups = new HashMap<>();

    /**
     * Whether the JVM runs on this machine, whose /proc gives its threads' context
     * switches; a JVM on another host has none here.
     */
    private final boolean here;

    private JvmCounters(long pid, JMXConnector connector, MBeanServerConnection server) throws IOException {
        this(pid, connector, server, true);
    }

    private JvmCounters(long pid, JMXConnector connector, MBeanServerConnection server, boolean here)
            throws IOException {
        this.here = here;
        this.pid = pid;
        this.connector = connector;
        this.threads = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.THREAD_MXBEAN_NAME,
                com.sun.management.ThreadMXBean.class);
        this.collectors = ManagementFactory.getPlatformMXBeans(server, GarbageCollectorMXBean.class);
        this.compilation = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.COMPILATION_MXBEAN_NAME,
                CompilationMXBean.class);
    }

    /**
     * Attaches to the JVM with this pid and connects to its management agent (starting it
     * when it is not running).
     */
    public static JvmCounters attach(long pid, String who) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            String address;
            try {
                address = vm.startLocalManagementAgent();
            }
            finally {
                vm.detach();
            }
            JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
            return new JvmCounters(pid, connector, connector.getMBeanServerConnection());
        }
        catch (Exception ex) {
            throw new LabException("cannot read the JVM counters of " + who + " (pid " + pid
                    + ") through the attach API: " + LabException.describe(ex), ex);
        }
    }

    /**
     * Connects to a JVM on another host through its JMX port there (started with
     * com.sun.management.jmxremote.port and .host): the same counters, but no context
     * switches, which only this machine's /proc gives.
     */
    public static JvmCounters connect(long pid, String host, int port, String who) {
        try {
            JMXConnector connector = JMXConnectorFactory
                .connect(new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + host + ":" + port + "/jmxrmi"));
            return new JvmCounters(pid, connector, connector.getMBeanServerConnection(), false);
        }
        catch (Exception ex) {
            throw new LabException("cannot read the JVM counters of " + who + " through its JMX port " + host + ":"
                    + port + ": " + LabException.describe(ex), ex);
        }
    }

    /**
     * The counters now: the JVM's own totals, and each live thread's allocation and
     * context switches, so that {@link Snapshot#since} counts thread by thread.
     */
    public Snapshot read() {
        try {
            long[] ids = threads.getAllThreadIds();
            nameNew(ids);
            long[] bytes = threads.getThreadAllocatedBytes(ids);
            Map<Long, ThreadCount> allocated = new HashMap<>();
            for (int i = 0; i < ids.length; i++) {
                String group = groups.get(ids[i]);
                if (bytes[i] >= 0 && group != null) {
                    allocated.put(ids[i], new ThreadCount(group, bytes[i]));
                }
            }
            long young = 0;
            long collections = 0;
            long gcMillis = 0;
            for (GarbageCollectorMXBean collector : collectors) {
                long count = Math.max(0, collector.getCollectionCount());
                collections += count;
                gcMillis += Math.max(0, collector.getCollectionTime());
                if (isYoung(collector.getName())) {
                    young += count;
                }
            }
            return new Snapshot(allocated, young, collections, gcMillis, compilation.getTotalCompilationTime(),
                    here ? contextSwitches(pid) : null);
        }
        catch (RuntimeException ex) {
            throw new LabException("cannot read the JVM counters of pid " + pid + ": " + LabException.describe(ex), ex);
        }
    }

    /**
     * Learns the group of each thread not seen before, ahead of the allocation counts, so
     * that what the JVM allocates to answer this (its ThreadInfo objects) falls before
     * the snapshot, and only for threads that started since the last reading (a Java
     * thread id is never used twice). A thread that ended in between has no group and is
     * left out.
     */
    private void nameNew(long[] ids) {
        long[] unnamed = Arrays.stream(ids).filter(id -> !groups.containsKey(id)).toArray();
        if (unnamed.length > 0) {
            for (ThreadInfo info : threads.getThreadInfo(unnamed, 0)) {
                if (info != null) {
                    groups.put(info.getThreadId(), group(info.getThreadName()));
                }
            }
        }
    }

    /**
     * The JIT's total compilation time in ms, alone: what the warm-up reads after each
     * probe.
     */
    public long jitMillis() {
        try {
            return compilation.getTotalCompilationTime();
        }
        catch (RuntimeException ex) {
            throw new LabException("cannot read the JVM counters of pid " + pid + ": " + LabException.describe(ex), ex);
        }
    }

    /**
     * A thread's name with its numbers made {@code N}: the threads of one pool are one
     * group (reactor-http-epoll-N, boundedElastic-N), here and in the JFR summary.
     */
    public static String group(String threadName) {
        return threadName.replaceAll("[0-9]+", "N");
    }

    /**
     * G1, Parallel, Serial, ZGC and Shenandoah name their young (or minor/pause)
     * collector so.
     */
    static boolean isYoung(String collector) {
        String name = collector.toLowerCase(Locale.ROOT);
        return name.contains("young") || name.contains("scavenge") || name.equals("copy") || name.contains("minor");
    }

    /**
     * Voluntary and involuntary context switches of each live thread of the process, by
     * its task id, from /proc/pid/task/N/status; null when /proc cannot be read.
     */
    static Map<Long, long[]> contextSwitches(long pid) {
        Map<Long, long[]> switches = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    long[] counts = new long[2];
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            counts[0] = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                        else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            counts[1] = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                    switches.put(Long.parseLong(task.getFileName().toString()), counts);
                }
                catch (IOException | NumberFormatException ended) {
                    // a thread that ended between the listing and the read
                }
            }
        }
        catch (IOException ex) {
            return null;
        }
        return switches;
    }

    @Override
    public void close() {
        try {
            connector.close();
        }
        catch (IOException ex) {
            // the JVM may have ended first
        }
    }

    /** A thread's group name and a count of it. */
    public record ThreadCount(String group, long count) {
    }

    /**
     * The counters at one moment: each live thread's allocated bytes (by thread id, with
     * its group name) and context switches (by task id, voluntary and involuntary; null
     * when unknown), and the JVM's own totals of young and all collections, milliseconds
     * in collections and of JIT compilation.
     */
    public record Snapshot(Map<Long, ThreadCount> allocated, long youngCollections, long collections, long gcMillis,
            long jitMillis, Map<Long, long[]> switches) {

        /**
         * What happened between {@code before} and this snapshot. Allocation and context
         * switches are counted thread by thread: a thread that started in between counts
         * from zero, and one that ended takes what it did since {@code before} along (its
         * count is no longer readable from outside), so neither ever goes below zero the
         * way a difference of two sums over the live threads does.
         */
        public Reading since(Snapshot before) {
            Map<String, Long> byGroup = new TreeMap<>();
            long bytes = 0;
            for (Map.Entry<Long, ThreadCount> thread : allocated.entrySet()) {
                ThreadCount then = before.allocated.get(thread.getKey());
                long spent = Math.max(0, thread.getValue().count() - (then == null ? 0 : then.count()));
                bytes += spent;
                byGroup.merge(thread.getValue().group(), spent, Long::sum);
            }
            long voluntary = -1;
            long involuntary = -1;
            if (switches != null && before.switches != null) {
                voluntary = 0;
                involuntary = 0;
                for (Map.Entry<Long, long[]> task : switches.entrySet()) {
                    long[] then = before.switches.getOrDefault(task.getKey(), new long[2]);
                    voluntary += Math.max(0, task.getValue()[0] - then[0]);
                    involuntary += Math.max(0, task.getValue()[1] - then[1]);
                }
            }
            return new Reading(bytes, youngCollections - before.youngCollections, collections - before.collections,
                    gcMillis - before.gcMillis, jitMillis - before.jitMillis, voluntary, involuntary, byGroup);
        }
    }

    /**
     * What a JVM counted over a span: bytes its threads allocated (and per thread group),
     * young and all collections, milliseconds in collections, milliseconds of JIT
     * compilation, context switches (-1 when unknown).
     */
    public record Reading(long allocatedBytes, long youngCollections, long collections, long gcMillis, long jitMillis,
            long voluntarySwitches, long involuntarySwitches, Map<String, Long> bytesByThread) {

        /** Nothing counted: the start of a sum. */
        public static final Reading NONE = new Reading(0, 0, 0, 0, 0, 0, 0, Map.of());

        public Reading {
            bytesByThread = Collections.unmodifiableMap(new TreeMap<>(bytesByThread));
        }

        /**
         * The same counts with the JIT's share measured otherwise (its compiler threads'
         * CPU ms instead of the JVM's own compilation-time total).
         */
        public Reading withJitMillis(long millis) {
            return new Reading(allocatedBytes, youngCollections, collections, gcMillis, millis, voluntarySwitches,
                    involuntarySwitches, bytesByThread);
        }

        /** Two spans' counts together. */
        public Reading plus(Reading other) {
            Map<String, Long> byGroup = new TreeMap<>(bytesByThread);
            other.bytesByThread.forEach((group, bytes) -> byGroup.merge(group, bytes, Long::sum));
            return new Reading(allocatedBytes + other.allocatedBytes, youngCollections + other.youngCollections,
                    collections + other.collections, gcMillis + other.gcMillis, jitMillis + other.jitMillis,
                    unknownOrSum(voluntarySwitches, other.voluntarySwitches),
                    unknownOrSum(involuntarySwitches, other.involuntarySwitches), byGroup);
        }

        private static long unknownOrSum(long one, long other) {
            return one < 0 || other < 0 ? -1 : one + other;
        }
    }

}
