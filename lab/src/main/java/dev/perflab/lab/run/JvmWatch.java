package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.JvmCost;

/**
 * The rung's JVMs, attached once after they start, read at each sub-window's edges: what
 * each counted about itself in the sub-window. A JVM that cannot be attached is left out
 * with one line; the rung is measured without its counters.
 */
final class JvmWatch implements AutoCloseable {

    static final JvmWatch NONE = new JvmWatch(Map.of());

    private final Map<String, JvmCounters> counters;

    private JvmWatch(Map<String, JvmCounters> counters) {
        this.counters = counters;
    }

    static JvmWatch attach(Map<String, Long> pids, PrintWriter out) {
        Map<String, JvmCounters> counters = new LinkedHashMap<>();
        pids.forEach((name, pid) -> {
            try {
                counters.put(name, JvmCounters.attach(pid, name));
            }
            catch (LabException ex) {
                out.println("    JVM counters: " + name + " left out, " + ex.getMessage());
            }
        });
        return new JvmWatch(counters);
    }

    /**
     * Each JVM's counters now; a JVM that stopped answering is left out of this reading.
     */
    Map<String, JvmCounters.Snapshot> read() {
        Map<String, JvmCounters.Snapshot> readings = new LinkedHashMap<>();
        counters.forEach((name, jvm) -> {
            try {
                readings.put(name, jvm.read());
            }
            catch (LabException ex) {
                // the app died: the rung notices it by its failing requests
            }
        });
        return readings;
    }

    /**
     * What each JVM read at both edges counted between them, per request where it scales
     * with them; null when none was read.
     */
    static Map<String, JvmCost> costs(Map<String, JvmCounters.Snapshot> before, Map<String, JvmCounters.Snapshot> after,
            long requests) {
        Map<String, JvmCost> costs = new LinkedHashMap<>();
        after.forEach((name, reading) -> {
            JvmCounters.Snapshot start = before.get(name);
            if (start != null && requests > 0) {
                // counted thread by thread: never below zero
                JvmCounters.Reading delta = reading.since(start);
                boolean switches = delta.voluntarySwitches() >= 0;
                Double bytes = Results.round((double) delta.allocatedBytes() / requests, 1);
                costs.put(name, new JvmCost(bytes, delta.youngCollections(), delta.gcMillis(), delta.jitMillis(),
                        switches ? Results
                            .round((double) (delta.voluntarySwitches() + delta.involuntarySwitches()) / requests, 3)
                                : null));
            }
        });
        return costs.isEmpty() ? null : costs;
    }

    @Override
    public void close() {
        counters.values().forEach(JvmCounters::close);
    }

}
