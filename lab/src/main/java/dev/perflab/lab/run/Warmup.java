package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.wrk.Wrk;
import dev.perflab.lab.wrk.WrkOutput;
import dev.perflab.lab.wrk.WrkResult;

/**
 * Warms the system up until it is steady, measured rather than guessed: short wrk probes until the
 * last three agree within 3 %, or until the cap. On a 2-core machine a 10 s warm-up reads about half
 * of the gateway's steady throughput, because the JIT is still compiling.
 */
public final class Warmup {

    static final int WINDOW = 3;
    static final double TOLERANCE = 0.03;

    public record Result(List<Double> probes, Duration took, boolean steady, Duration probe) {
    }

    /**
     * What a fixed warm-up of {@code seconds} followed by a measurement would have read instead: the
     * mean req/s of the first probes that fit into it, from a cold start. Null when the probes do not
     * cover it.
     */
    public static Double coldReading(List<Double> probes, double probeSeconds, int seconds) {
        int count = probeSeconds <= 0 ? 0 : (int) Math.floor(seconds / probeSeconds);
        if (probes == null || count < 1 || probes.size() < count) {
            return null;
        }
        return probes.subList(0, count).stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    private Warmup() {
    }

    public static Result run(Wrk wrk, Wrk.Load load, Duration probe, Duration cap, String url, String token, Runnable afterProbe,
            PrintWriter out) {
        List<Double> probes = new ArrayList<>();
        long start = System.nanoTime();
        while (Duration.ofNanos(System.nanoTime() - start).plus(probe).compareTo(cap) <= 0) {
            WrkResult result = WrkOutput.parse(wrk.run(load, probe, url, token));
            if (result.requests() > 0 && result.errors().total() >= result.requests()) {
                throw new LabException("every warm-up request failed (" + result.errors() + ") at " + url + ": see the service logs");
            }
            afterProbe.run();
            probes.add(result.requestsPerSecond());
            out.printf("    warm-up probe %d: %,.0f req/s%n", probes.size(), result.requestsPerSecond());
            out.flush();
            if (steady(probes)) {
                return new Result(probes, Duration.ofNanos(System.nanoTime() - start), true, probe);
            }
        }
        return new Result(probes, Duration.ofNanos(System.nanoTime() - start), false, probe);
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
