package dev.perflab.lab.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;

/**
 * The lab's one warm-up, for every target: the cold JVMs driven in WARMUP_PROBE parts
 * until none of them compiled with its JIT for more than {@link #QUIET_JIT} of its
 * process's CPU in the last part (its code has stopped changing), or WARMUP is spent. On
 * the paired targets (make lab, make compare A_GATEWAY= B_GATEWAY=, make pair-ladder,
 * advise, trend COMMITS=) the cold gateways of a duet, driven as WARMUP_LOAD says: flat
 * out (each its own wrk), at the duet's rate, or flat-out parts with an idle part between
 * them, so that the JIT's compiler threads get the cores; after a flat-out warm-up, one
 * part of the duet at its rate, unmeasured, so that its windows start at their own load.
 * On the targets that measure one rung after the other (make baseline, gateway-test,
 * sweep, capacity) every JVM of the rung, each part the rung flat out.
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
     * What a JVM (or nginx) spent in a part: CPU ms outside its JIT's compiler threads
     * and in them; NaN {@code jitMs} for a process that is no JVM (always quiet), NaN
     * {@code cpuMs} where nothing could be read (never quiet).
     */
    public record Reading(double cpuMs, double jitMs) {

        /** Nothing could be read: the warm-up cannot tell, and runs on. */
        public static final Reading UNKNOWN = new Reading(Double.NaN, Double.NaN);

        /** A process without a JIT (nginx). */
        public static Reading noJit(double cpuMs) {
            return new Reading(cpuMs, Double.NaN);
        }

        /**
         * Whether the JIT was quiet: its compiler threads used at most {@link #QUIET_JIT}
         * of the process's CPU; a process without one always is.
         */
        public boolean quiet() {
            if (Double.isNaN(cpuMs)) {
                return false;
            }
            return Double.isNaN(jitMs) || jitMs <= QUIET_JIT * (cpuMs + jitMs);
        }

    }

    /**
     * What a warm-up drives: a stage's rungs by name (the paired targets') or a rung's
     * JVMs (the sequential targets'), each part read as a {@link Reading} per name.
     */
    public interface Parts {

        /** The rungs of {@code schedule} at the duet's rate, round-robin. */
        Map<String, Reading> offer(List<String> schedule, Duration length);

        /** Each of {@code cold} flat out, each with its own wrk, at once. */
        Map<String, Reading> burst(List<String> cold, Duration length);

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

        /**
         * After a warm-up that was not at the duet's rate: one part of {@code duet} at
         * its rate, unmeasured; returns the parts it drove (none where there is no rate:
         * the sequential targets measure flat out first).
         */
        default int settle(List<String> duet, Duration part) {
            offer(duet, part);
            return 1;
        }

    }

    /**
     * How long a warm-up took, in how many parts, whether it ended because the JITs went
     * quiet (else WARMUP ran out), and the load it warmed with (WARMUP_LOAD).
     */
    public record Result(Duration took, int parts, boolean quiet, Load load) {

        /** Why it ended, in words. */
        public String ended() {
            return quiet ? "the JIT went quiet (at most " + Math.round(QUIET_JIT * 100)
                    + " % of each process's CPU in the last part)" : "WARMUP ran out before the JIT went quiet";
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

    /** WARMUP_PROBE: the length of a part. */
    public Duration part() {
        return part;
    }

    /**
     * Warms {@code cold} up together before the duet scheduled as {@code duet}, up to
     * WARMUP in all; a warm rung is not driven again. The sequential targets', whose rung
     * drives all its JVMs at once.
     */
    public Result run(Parts parts, List<String> cold, List<String> duet) {
        long started = System.nanoTime();
        Driven driven = drive(parts, cold, duet, most);
        return settled(parts, duet, started, driven);
    }

    /**
     * Warms the cold gateways of a duet one at a time, each alone and each up to WARMUP
     * (at the duet's rate, WARMUP for each cold one, together), then settles the duet
     * once. Two cold gateways warmed together share the cores and one WARMUP: the first
     * duet of a pass ran out of WARMUP with its JIT still compiling for 1.5 to 2.2 s of
     * each 8-second window (docs 13).
     */
    public Result runEach(Parts parts, List<String> cold, List<String> duet) {
        long started = System.nanoTime();
        if (load == Load.RATE || cold.size() < 2) {
            return settled(parts, duet, started, drive(parts, cold, duet, most.multipliedBy(Math.max(1, cold.size()))));
        }
        Driven all = new Driven(0, true);
        for (String gateway : cold) {
            Driven one = drive(parts, List.of(gateway), duet, most);
            all = new Driven(all.parts() + one.parts(), all.quiet() && one.quiet());
        }
        return settled(parts, duet, started, all);
    }

    /** The parts a warm-up drove and whether every cold JVM went quiet. */
    private record Driven(int parts, boolean quiet) {
    }

    private Driven drive(Parts parts, List<String> cold, List<String> duet, Duration cap) {
        Duration spent = Duration.ZERO;
        int driven = 0;
        boolean quiet = cap.isZero() || cold.isEmpty();
        while (!quiet && spent.compareTo(cap) < 0) {
            Duration length = left(spent, cap);
            Map<String, Reading> read = load == Load.RATE ? parts.offer(duet, length) : parts.burst(cold, length);
            spent = spent.plus(length);
            driven++;
            quiet = cold.stream().map(read::get).allMatch(r -> r == null || r.quiet());
            if (!quiet && load == Load.BURSTS && spent.compareTo(cap) < 0) {
                Duration gap = left(spent, cap);
                parts.idle(gap);
                spent = spent.plus(gap);
            }
        }
        return new Driven(driven, quiet);
    }

    /**
     * After a flat-out warm-up, one part of the duet at its rate; a duet whose gateways
     * were all warm has just been at its rate in the duet before it (nginx → loop-pools
     * after rid-fast → loop-pools) and is not settled again.
     */
    private Result settled(Parts parts, List<String> duet, long started, Driven driven) {
        int all = driven.parts();
        if (load != Load.RATE && !most.isZero() && all > 0) {
            all += parts.settle(duet, part);
        }
        return new Result(Duration.ofNanos(System.nanoTime() - started), all, driven.quiet(), load);
    }

    /** The next part: WARMUP_PROBE, or what is left of the cap when that is less. */
    private Duration left(Duration spent, Duration cap) {
        Duration rest = cap.minus(spent);
        return part.compareTo(rest) < 0 ? part : rest;
    }

    /** What the plan's warm-up does, in words, for lab.json and pair.json. */
    public String describe(String each) {
        return each + ", " + load.words + ", up to " + Durations.format(most) + " in " + Durations.format(part)
                + " parts, until its JIT compiled for at most " + Math.round(QUIET_JIT * 100)
                + " % of its process's CPU in the last part" + (load == Load.RATE ? "" : "; then, after a warm-up, "
                        + Durations.format(part) + " of the duet at its rate, unmeasured");
    }

}
