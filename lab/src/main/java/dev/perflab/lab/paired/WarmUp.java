package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;

/**
 * The one warm-up of the paired targets (make lab, make compare A_GATEWAY= B_GATEWAY=,
 * make pair-ladder, advise, trend COMMITS=): the cold gateways driven in WARMUP_PROBE
 * parts until none of them compiled with its JIT for more than {@link #QUIET_JIT} of its
 * process's CPU in the last part (its code has stopped changing), or WARMUP is spent.
 * What drives them is WARMUP_LOAD, for a study of which warms best: flat out (each its
 * own wrk), at the duet's rate, or flat-out parts with an idle part between them, so that
 * the JIT's compiler threads get the cores. After a flat-out warm-up, one part of the
 * duet at its rate, unmeasured, so that its windows start at their own load.
 */
public final class WarmUp {

    /**
     * The JIT is quiet when it compiled for at most this share of the process's CPU in
     * the last part. After its bulk (about 30 s of a gateway flat out), a JVM keeps
     * recompiling now and then at 1 to 10 % of its CPU for minutes, so 1 % ended by
     * chance or by WARMUP (docs/en/13-paired.md).
     */
    public static final double QUIET_JIT = 0.05;

    /** WARMUP_LOAD: what drives the cold gateways in the warm-up. */
    public enum Load {

        /** Each cold gateway flat out with its own wrk (the default). */
        FLAT("flat", "flat out, each its own wrk"),

        /** The duet at its rate, the load of its windows. */
        RATE("rate", "the duet at its rate"),

        /**
         * Flat out, each part followed by an idle one, so that the compiler threads get
         * the cores.
         */
        BURSTS("bursts", "flat out, each part followed by an idle one for the compiler threads");

        private final String id;

        private final String words;

        Load(String id, String words) {
            this.id = id;
            this.words = words;
        }

        public String id() {
            return id;
        }

        /** WARMUP_LOAD as given; anything else is one line. */
        public static Load of(String given) {
            String value = given == null ? "" : given.trim().toLowerCase(Locale.ROOT);
            for (Load load : values()) {
                if (load.id.equals(value)) {
                    return load;
                }
            }
            throw new LabException("WARMUP_LOAD must be flat (each cold gateway flat out), rate (the duet at its "
                    + "rate) or bursts (flat out with an idle part between), not '"
                    + (given == null ? "" : given.trim()) + "'");
        }

    }

    /**
     * What a warm-up drives: a stage's rungs by name (make lab's) or a pair's sides (A,
     * B). Each reading's {@code cpuMs} is the side's CPU outside the JIT's compiler
     * threads and its JVM's {@code jitMillis} the compiler threads' CPU.
     */
    public interface Parts {

        /** The rungs of {@code schedule} at the duet's rate, round-robin. */
        Map<String, SideWindow> offer(List<String> schedule, Duration length);

        /** Each rung of {@code rungs} flat out, each with its own wrk, at once. */
        Map<String, SideWindow> burst(List<String> rungs, Duration length);

        /** Nothing offered for {@code length}: the compiler threads have the cores. */
        default void idle(Duration length) {
            try {
                Thread.sleep(length.toMillis());
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted during the warm-up", ex);
            }
        }

    }

    private final Load load;

    private final Duration most;

    private final Duration part;

    /**
     * @param most WARMUP, zero for no warm-up
     * @param part WARMUP_PROBE
     */
    public WarmUp(Load load, Duration most, Duration part) {
        this.load = load;
        this.most = most;
        this.part = part;
    }

    /**
     * Warms the rungs of {@code cold} up before the duet scheduled as {@code duet}; a
     * warm rung is not driven again.
     */
    public PairResult.Warmup run(Parts parts, List<String> cold, List<String> duet) {
        long started = System.nanoTime();
        Duration spent = Duration.ZERO;
        int driven = 0;
        boolean quiet = most.isZero() || cold.isEmpty();
        while (!quiet && spent.compareTo(most) < 0) {
            Duration length = left(spent);
            Map<String, SideWindow> read = load == Load.RATE ? parts.offer(duet, length) : parts.burst(cold, length);
            spent = spent.plus(length);
            driven++;
            quiet = cold.stream().map(read::get).allMatch(WarmUp::quiet);
            if (!quiet && load == Load.BURSTS && spent.compareTo(most) < 0) {
                Duration gap = left(spent);
                parts.idle(gap);
                spent = spent.plus(gap);
            }
        }
        if (load != Load.RATE && !most.isZero()) {
            parts.offer(duet, part);
            driven++;
        }
        return new PairResult.Warmup(Duration.ofNanos(System.nanoTime() - started), driven, quiet, load);
    }

    /** The next part: WARMUP_PROBE, or what is left of WARMUP when that is less. */
    private Duration left(Duration spent) {
        Duration rest = most.minus(spent);
        return part.compareTo(rest) < 0 ? part : rest;
    }

    /**
     * Whether a side's JIT was quiet in a reading: its compiler threads used at most
     * {@link #QUIET_JIT} of the process's CPU; a side without a JVM (nginx) always is.
     */
    public static boolean quiet(SideWindow read) {
        if (read == null || read.jvm() == null) {
            return true;
        }
        double jit = read.jvm().jitMillis();
        return jit <= QUIET_JIT * (read.cpuMs() + jit);
    }

    /** What the plan's warm-up does, in words, for lab.json and pair.json. */
    public String describe(String each) {
        return each + ", " + load.words + ", up to " + Durations.format(most) + " in " + Durations.format(part)
                + " parts, until its JIT compiled for at most " + Math.round(QUIET_JIT * 100)
                + " % of its process's CPU in the last part" + (load == Load.RATE ? ""
                        : "; then " + Durations.format(part) + " of the duet at its rate, unmeasured");
    }

}
