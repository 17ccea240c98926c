package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.WindowProfiler;

/**
 * What a pass of a paired ladder asks of the machine: start its rungs, offer them load
 * together, drive one alone, stop them. {@link LocalStage} starts the real apps, nginx,
 * vegeta and wrk on this machine; a test's stage pretends, so the order of a pass, its
 * windows and the ratios read from them can be checked without processes.
 */
public interface Stage extends AutoCloseable {

    /**
     * Starts every rung, in {@code order}, the rung at {@code portRank} index i on the
     * i-th of the pass's ports, and returns once every one answers.
     * @param dir the pass's folder, for the rungs' logs
     */
    void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank);

    /**
     * Offers every started rung the plan's rate at once, round-robin in the order of
     * {@code schedule}, for {@code length}: each rung's requests, latency, CPU and what
     * its JVM counted in those seconds.
     */
    Map<String, SideWindow> offer(List<String> schedule, Duration length);

    /**
     * wrk's closed loop on every rung of {@code rungs} at once, each with its own wrk,
     * for {@code length}: the warm-up. The JIT compiles by request counts, and at the
     * rate of a window a gateway takes minutes to reach them; flat out it takes seconds.
     * Each rung's requests, CPU outside the JIT's compiler threads and what its JVM
     * counted, the JIT's being its compiler threads' CPU.
     */
    Map<String, SideWindow> burst(List<String> rungs, Duration length);

    /**
     * What wrk read of {@code rung} in the last part it was driven alone by
     * {@link #burst} this pass (its req/s alone when the plan reads it from the warm-up);
     * null when it was not.
     */
    default LoadResult lastBurst(String rung) {
        return null;
    }

    /**
     * wrk's closed loop on one started rung alone ({@code null}: business-service alone),
     * {@code ramp} unmeasured first.
     */
    LoadResult alone(String rung, Duration ramp, Duration length);

    /**
     * PROFILER's profiler attached to a started rung, sampling nothing until resumed, its
     * files going into the rung's folder of the pass; null for a rung that is no JVM
     * (nginx). A stage that cannot attach one says so in one line.
     */
    default WindowProfiler profiler(String rung, ProfilerChoice choice, PrintWriter out) {
        throw new LabException("PROFILER=" + choice.kind().id() + " cannot attach to the rungs of this runtime yet");
    }

    /**
     * What the processes every rung shares have used so far, in CPU ms: auth-service,
     * business-service and the load generator (null where unknown); read around a window,
     * the difference is that window's share. A stage that cannot read them returns
     * {@link Shared#UNKNOWN}.
     */
    default Shared shared() {
        return Shared.UNKNOWN;
    }

    /** The port each started rung listens on, by name; empty where not known. */
    default Map<String, Integer> ports() {
        return Map.of();
    }

    /** CPU ms the shared processes used so far; null where not read. */
    record Shared(Double authMs, Double businessMs, Double generatorMs) {

        public static final Shared UNKNOWN = new Shared(null, null, null);

        /** What was used between {@code before} and this reading. */
        public Shared since(Shared before) {
            return new Shared(minus(authMs, before.authMs), minus(businessMs, before.businessMs),
                    minus(generatorMs, before.generatorMs));
        }

        private static Double minus(Double after, Double before) {
            return after == null || before == null ? null : after - before;
        }

    }

    /** Stops every rung this pass started (the backends stay). */
    void stopRungs();

    /** Stops the backends too. */
    @Override
    void close();

}
