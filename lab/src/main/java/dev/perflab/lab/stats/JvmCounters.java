package dev.perflab.lab.stats;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * compilation time; and from /proc the context switches of its threads. Allocation is
 * counted by the JVM per thread, exactly, so it does not move with the machine's load the
 * way CPU time does.
 */
public final class JvmCounters implements AutoCloseable {

    private final long pid;

    private final JMXConnector connector;

    private final com.sun.management.ThreadMXBean threads;

    private final List<GarbageCollectorMXBean> collectors;

    private final CompilationMXBean compilation;

    private JvmCounters(long pid, JMXConnector connector, MBeanServerConnection server) throws IOException {
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

    /** The counters now. */
    public Reading read() {
        try {
            long[] ids = threads.getAllThreadIds();
            long allocated = 0;
            for (long bytes : threads.getThreadAllocatedBytes(ids)) {
                allocated += Math.max(0, bytes);
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
            long[] switches = contextSwitches(pid);
            return new Reading(allocated, young, collections, gcMillis, compilation.getTotalCompilationTime(),
                    switches[0], switches[1]);
        }
        catch (RuntimeException ex) {
            throw new LabException("cannot read the JVM counters of pid " + pid + ": " + LabException.describe(ex), ex);
        }
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
     * Voluntary and involuntary context switches of the process's live threads, from
     * /proc/pid/task/N/status.
     */
    static long[] contextSwitches(long pid) {
        long voluntary = 0;
        long involuntary = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            voluntary += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                        else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            involuntary += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                }
                catch (IOException ended) {
                    // a thread that ended between the listing and the read
                }
            }
        }
        catch (IOException ex) {
            return new long[] { -1, -1 };
        }
        return new long[] { voluntary, involuntary };
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

    /**
     * The counters at one moment: bytes allocated by the live threads, young and all
     * collections, milliseconds in collections, milliseconds of JIT compilation, context
     * switches.
     */
    public record Reading(long allocatedBytes, long youngCollections, long collections, long gcMillis, long jitMillis,
            long voluntarySwitches, long involuntarySwitches) {

        /** Two spans' counts together. */
        public Reading plus(Reading other) {
            return new Reading(allocatedBytes + other.allocatedBytes, youngCollections + other.youngCollections,
                    collections + other.collections, gcMillis + other.gcMillis, jitMillis + other.jitMillis,
                    voluntarySwitches + other.voluntarySwitches, involuntarySwitches + other.involuntarySwitches);
        }

        /** What happened between {@code before} and this reading. */
        public Reading since(Reading before) {
            return new Reading(allocatedBytes - before.allocatedBytes, youngCollections - before.youngCollections,
                    collections - before.collections, gcMillis - before.gcMillis, jitMillis - before.jitMillis,
                    voluntarySwitches - before.voluntarySwitches, involuntarySwitches - before.involuntarySwitches);
        }
    }

}
