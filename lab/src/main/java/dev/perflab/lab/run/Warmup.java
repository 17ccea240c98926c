package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;

/**
 * Warms the system up until it is steady, measured rather than guessed: short wrk probes
 * until the apps' JIT compilers went quiet (at most 10 % of each of the last two probes,
 * summed over the lab's apps) while req/s stopped climbing, or, where the JIT time is
 * unknown (a foreign gateway), until the last three probes agree within 3 %; or until the
 * cap. Under a saturating closed loop the three JITs never stop: in a lean-ladder run
 * their share of a probe fell from 250 % to between 2 and 21 % by the seventh probe and
 * stayed there, never at 2 % twice in a row within 120 s, while req/s moved by +-9 % from
 * probe to probe. Agreement alone is not enough: on a 2-core machine the offloaded
 * gateway once held 484, 498, 496 req/s while its compilers were busy, and then climbed
 * to 2,500 during the measured window. And agreement within a fixed 3 % is too much to
 * ask of a busy machine: in a fresh clone's make lab, 7 of 8 gateway rungs ran to the cap
 * of 120 s with their compilers long quiet. Each result says why the warm-up ended.
 */
public final class Warmup {

    static final int WINDOW = 3;
    static final double TOLERANCE = 0.03;

    /**
     * Largest share of a probe's wall time the apps' JIT compilers may have used, summed,
     * for the probe to count as quiet.
     */
    static final double JIT_QUIET = 0.10;

    /**
     * With agreeing probes, the largest JIT share of the last one that still counts as
     * steady.
     */
    static final double JIT_SHARE_MAX = 0.10;

    static final String JIT_QUIET_REASON = "the JIT was quiet (at most 10 % of each of the last two probes) and req/s stopped climbing";
    static final String AGREED_REASON = "three probes agreed within 3 %";
    static final String CAP_REASON = "WARMUP reached";

    /**
     * @param reason why the warm-up ended
     */
    public record Result(List<Double> probes, List<Double> jitShares, Duration took, boolean steady, Duration probe,
            String reason) {
    }

    private Warmup() {
    }

    /**
     * @param jitMillis called after each probe (reading every app's metrics, which also
     * warms those endpoints): the apps' JIT compilation time so far in ms, summed; NaN
     * when unknown
     */
    public static Result run(LoadGenerator generator, Duration probe, Duration cap, URI url, String header,
            DoubleSupplier jitMillis, PrintWriter out) {
        List<Double> probes = new ArrayList<>();
        List<Double> jitShares = new ArrayList<>();
        long start = System.nanoTime();
        double jitBefore = jitMillis.getAsDouble();
        while (Duration.ofNanos(System.nanoTime() - start).plus(probe).compareTo(cap) <= 0) {
            long probeStart = System.nanoTime();
            LoadResult result = generator.offer(url, header, probe);
            long probeNanos = System.nanoTime() - probeStart;
            if (result.requests() > 0 && result.errors() >= result.requests()) {
                throw new LabException("every warm-up request failed (" + result.errors() + " errors) at " + url
                        + ": see the service logs");
            }
            double jitNow = jitMillis.getAsDouble();
            double share = Double.isNaN(jitNow) || Double.isNaN(jitBefore) ? Double.NaN
                    : Math.max(0, jitNow - jitBefore) / (probeNanos / 1e6);
            jitBefore = jitNow;
            probes.add(result.requestsPerSecond());
            jitShares.add(share);
            out.printf("    warm-up probe %d: %,.0f req/s%s%n", probes.size(), result.requestsPerSecond(),
                    Double.isNaN(share) ? ""
                            // compile time summed over every compiler thread of every
                            // app: on two
                            // cores it can read several times the probe's length
                            : String.format(Locale.ROOT,
                                    ", JIT compile time %.0f %% of the probe (all compiler threads and apps summed)",
                                    share * 100));
            out.flush();
            String reason = steadyReason(probes, jitShares);
            if (reason != null) {
                return new Result(probes, jitShares, Duration.ofNanos(System.nanoTime() - start), true, probe, reason);
            }
        }
        return new Result(probes, jitShares, Duration.ofNanos(System.nanoTime() - start), false, probe, CAP_REASON);
    }

    /** Whether the probes so far are steady. */
    static boolean steady(List<Double> probes, List<Double> jitShares) {
        return steadyReason(probes, jitShares) != null;
    }

    /**
     * Why the probes so far are steady, or null while they are not: where the JIT time is
     * known, quiet compilers in the last two probes with req/s no longer climbing; where
     * it is not, three probes within 3 %.
     */
    static String steadyReason(List<Double> probes, List<Double> jitShares) {
        boolean jitKnown = jitShares.size() >= 2
                && jitShares.subList(jitShares.size() - 2, jitShares.size()).stream().noneMatch(v -> v.isNaN());
        if (jitKnown) {
            boolean quiet = jitShares.subList(jitShares.size() - 2, jitShares.size())
                .stream()
                .allMatch(v -> v <= JIT_QUIET);
            if (quiet && !climbing(probes)) {
                return JIT_QUIET_REASON;
            }
        }
        double last = jitShares.isEmpty() ? Double.NaN : jitShares.get(jitShares.size() - 1);
        if (steady(probes) && (Double.isNaN(last) || last <= JIT_SHARE_MAX)) {
            return AGREED_REASON;
        }
        return null;
    }

    /** The last probe still rose by more than 3 % over the one before. */
    static boolean climbing(List<Double> probes) {
        return probes.size() < 2 || probes.get(probes.size() - 1) > probes.get(probes.size() - 2) * (1 + TOLERANCE);
    }

    /** The last three probes lie within 3 % of their mean. */
    static boolean steady(List<Double> probes) {
        if (probes.size() < WINDOW) {
            return false;
        }
        List<Double> last = probes.subList(probes.size() - WINDOW, probes.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double spread = last.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                - last.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return mean > 0 && spread / mean <= TOLERANCE;
    }

}
