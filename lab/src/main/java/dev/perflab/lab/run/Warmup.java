package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;

/**
 * Warms the system up until it is steady, measured rather than guessed: short wrk probes until the
 * last three agree within 3 % and the JIT compilers of the apps worked for at most 10 % of the last
 * probe, or until the cap. Agreement alone is not enough: on a 2-core machine the offloaded gateway
 * once held 484, 498, 496 req/s while its compilers were busy, and then climbed to 2,500 during the
 * measured window. On such a machine a 10 s warm-up reads about half of the gateway's steady
 * throughput, because the JIT is still compiling.
 */
public final class Warmup {

    static final int WINDOW = 3;
    static final double TOLERANCE = 0.03;
    /** Largest share of a probe's wall time the apps' JIT compilers may have used, summed, for the probe to count as steady. */
    static final double JIT_SHARE_MAX = 0.10;

    public record Result(List<Double> probes, List<Double> jitShares, Duration took, boolean steady, Duration probe) {
    }

    private Warmup() {
    }

    /**
     * @param jitMillis called after each probe (reading every app's metrics, which also warms those
     *        endpoints): the apps' JIT compilation time so far in ms, summed; NaN when unknown
     */
    public static Result run(LoadGenerator generator, Duration probe, Duration cap, URI url, String header, DoubleSupplier jitMillis,
            PrintWriter out) {
        List<Double> probes = new ArrayList<>();
        List<Double> jitShares = new ArrayList<>();
        long start = System.nanoTime();
        double jitBefore = jitMillis.getAsDouble();
        while (Duration.ofNanos(System.nanoTime() - start).plus(probe).compareTo(cap) <= 0) {
            long probeStart = System.nanoTime();
            LoadResult result = generator.offer(url, header, probe);
            long probeNanos = System.nanoTime() - probeStart;
            if (result.requests() > 0 && result.errors() >= result.requests()) {
                throw new LabException("every warm-up request failed (" + result.errors() + " errors) at " + url + ": see the service logs");
            }
            double jitNow = jitMillis.getAsDouble();
            double share = Double.isNaN(jitNow) || Double.isNaN(jitBefore) ? Double.NaN : Math.max(0, jitNow - jitBefore) / (probeNanos / 1e6);
            jitBefore = jitNow;
            probes.add(result.requestsPerSecond());
            jitShares.add(share);
            out.printf("    warm-up probe %d: %,.0f req/s%s%n", probes.size(), result.requestsPerSecond(),
                    Double.isNaN(share) ? "" : String.format(", JIT compiling %.0f %% of the probe", share * 100));
            out.flush();
            if (steady(probes, jitShares)) {
                return new Result(probes, jitShares, Duration.ofNanos(System.nanoTime() - start), true, probe);
            }
        }
        return new Result(probes, jitShares, Duration.ofNanos(System.nanoTime() - start), false, probe);
    }

    /** The last three probes agree within 3 %, and the JIT was quiet during the last one (when known). */
    static boolean steady(List<Double> probes, List<Double> jitShares) {
        if (!steady(probes)) {
            return false;
        }
        double last = jitShares.isEmpty() ? Double.NaN : jitShares.get(jitShares.size() - 1);
        return Double.isNaN(last) || last <= JIT_SHARE_MAX;
    }

    /** The last three probes lie within 3 % of their mean. */
    static boolean steady(List<Double> probes) {
        if (probes.size() < WINDOW) {
            return false;
        }
        List<Double> last = probes.subList(probes.size() - WINDOW, probes.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double spread = last.stream().mapToDouble(Double::doubleValue).max().orElse(0) - last.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return mean > 0 && spread / mean <= TOLERANCE;
    }
}
