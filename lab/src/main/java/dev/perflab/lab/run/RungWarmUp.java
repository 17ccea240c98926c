package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Supplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.stats.JitSplit;
import dev.perflab.lab.stats.ProcessCpu;

/**
 * A rung of the sequential targets (make baseline, gateway-test, sweep, capacity) as the
 * one warm-up ({@link WarmUp}) drives it: each part the rung flat out with the closed
 * loop's wrk, each of its JVMs (the apps this machine started, as processes or in
 * containers, a foreign gateway too: every one of them starts cold with the rung) read by
 * the pid this machine sees as the paired engine reads a side, its CPU outside its JIT's
 * compiler threads and theirs ({@link JitSplit}). Where the runtime gives no process to
 * read (Kubernetes, a remote system), the warm-up cannot tell when the JIT went quiet and
 * runs to WARMUP. After each part every endpoint the measured window reads is read too:
 * the first Prometheus scrape of a warm app cost the next 5 s about 40 % of the gateway
 * rung's throughput on a 2-core machine, and that belongs in the warm-up, not the
 * measured window.
 */
final class RungWarmUp implements WarmUp.Parts {

    /** The name the warm-up reads when the runtime gives no JVM to read. */
    static final String UNREAD = "the rung's JVMs";

    /**
     * How a rung's warm-up went: the one warm-up's result, each part's req/s, the length
     * of a part, and why it ended in words.
     */
    record Warmed(WarmUp.Result result, List<Double> probes, Duration part, String reason) {

        /** The last part's req/s, or {@code otherwise} when there was none. */
        double lastProbe(double otherwise) {
            return probes.isEmpty() ? otherwise : probes.get(probes.size() - 1);
        }

    }

    /**
     * The rung's JVMs' CPU around a part: their names (none where the runtime gives no
     * process to read), and a mark whose supplier reads what each spent since it.
     */
    interface Clocks {

        List<String> names();

        Supplier<Map<String, WarmUp.Reading>> mark();

        /**
         * The JVMs with these pids, each read as the paired engine reads a side: its
         * process's CPU in the clock ticks of /proc/&lt;pid&gt;/stat, its compiler
         * threads' apart ({@link JitSplit}); one that cannot be read is
         * {@link WarmUp.Reading#UNKNOWN}.
         */
        static Clocks of(Map<String, Long> pids) {
            Map<String, Long> jvms = new LinkedHashMap<>(pids);
            return new Clocks() {

                @Override
                public List<String> names() {
                    return List.copyOf(jvms.keySet());
                }

                @Override
                public Supplier<Map<String, WarmUp.Reading>> mark() {
                    Map<String, JitSplit.Mark> marks = new LinkedHashMap<>();
                    jvms.forEach((name, pid) -> marks.put(name, JitSplit.mark(pid, cpu(pid), true)));
                    return () -> {
                        Map<String, WarmUp.Reading> read = new LinkedHashMap<>();
                        marks.forEach((name, mark) -> {
                            long pid = jvms.get(name);
                            double now = cpu(pid);
                            read.put(name, Double.isNaN(now) || Double.isNaN(mark.processMs()) ? WarmUp.Reading.UNKNOWN
                                    : reading(JitSplit.since(mark, pid, now, true, false)));
                        });
                        return read;
                    };
                }

            };
        }

        private static WarmUp.Reading reading(JitSplit.Spent spent) {
            return new WarmUp.Reading(spent.requestsMs(), spent.compilerMs());
        }

        private static double cpu(long pid) {
            OptionalDouble ms = ProcessCpu.millis(pid);
            return ms.isPresent() ? ms.getAsDouble() : Double.NaN;
        }

    }

    private final LoadGenerator generator;

    private final URI url;

    private final String header;

    private final Clocks clocks;

    private final Runnable primer;

    private final PrintWriter out;

    private final List<Double> probes = new ArrayList<>();

    /**
     * @param clocks the rung's JVMs' CPU
     * @param primer reads every endpoint the measured window reads, after each part
     */
    RungWarmUp(LoadGenerator generator, URI url, String header, Clocks clocks, Runnable primer, PrintWriter out) {
        this.generator = generator;
        this.url = url;
        this.header = header;
        this.clocks = clocks;
        this.primer = primer;
        this.out = out;
    }

    /**
     * Warms the rung up by {@code policy}, one console line per part and one at the end.
     */
    Warmed warm(WarmUp policy) {
        List<String> cold = clocks.names().isEmpty() ? List.of(UNREAD) : clocks.names();
        WarmUp.Result result = policy.run(this, cold, cold);
        String reason = clocks.names().isEmpty()
                ? "WARMUP ran out: the JVMs' compiler threads cannot be read on this runtime" : result.ended();
        Warmed warmed = new Warmed(result, List.copyOf(probes), policy.part(), reason);
        out.printf(Locale.ROOT, "    warm-up: %s after %ds in %d parts, %s (%,.0f req/s in the last part)%n",
                result.quiet() ? "done" : "not quiet within WARMUP, measuring anyway", result.took().toSeconds(),
                result.parts(), reason, warmed.lastProbe(0));
        out.flush();
        return warmed;
    }

    /** The sequential targets have no rate to warm at: the rung flat out. */
    @Override
    public Map<String, WarmUp.Reading> offer(List<String> schedule, Duration length) {
        return burst(schedule, length);
    }

    @Override
    public Map<String, WarmUp.Reading> burst(List<String> cold, Duration length) {
        Supplier<Map<String, WarmUp.Reading>> since = clocks.mark();
        LoadResult result = generator.offer(url, header, length);
        if (result.requests() > 0 && result.errors() >= result.requests()) {
            throw new LabException("every warm-up request failed (" + result.errors() + " errors) at " + url
                    + ": see the service logs");
        }
        Map<String, WarmUp.Reading> read = new LinkedHashMap<>(since.get());
        cold.forEach(name -> read.putIfAbsent(name, WarmUp.Reading.UNKNOWN));
        primer.run();
        probes.add(result.requestsPerSecond());
        out.printf(Locale.ROOT, "    warm-up part %d: %,.0f req/s%s%n", probes.size(), result.requestsPerSecond(),
                jitShares(read));
        out.flush();
        return read;
    }

    /** Nothing follows at a rate: the closed loop is measured flat out next. */
    @Override
    public int settle(List<String> duet, Duration part) {
        return 0;
    }

    /** Each JVM's JIT share of its CPU in the part, for the console. */
    private static String jitShares(Map<String, WarmUp.Reading> read) {
        StringBuilder line = new StringBuilder();
        read.forEach((name, reading) -> {
            if (!Double.isNaN(reading.cpuMs()) && !Double.isNaN(reading.jitMs())) {
                double whole = reading.cpuMs() + reading.jitMs();
                line.append(line.length() == 0 ? ", JIT's share of each JVM's CPU: " : ", ")
                    .append(String.format(Locale.ROOT, "%s %.0f %%", name,
                            whole <= 0 ? 0 : 100 * reading.jitMs() / whole));
            }
        });
        return line.toString();
    }

}
