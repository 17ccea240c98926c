package dev.perflab.lab.stats;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.perflab.lab.http.LabHttp;

/**
 * The stats of apps the lab did not start ({@code RUNTIME=remote} and
 * {@code kubernetes}): once a second each app's {@code /actuator/prometheus}, turned into
 * the same {@code docker stats} line the other runtimes write. CPU as a share of one
 * core: the growth of {@code process_cpu_time_ns_total} over the wall time between two
 * scrapes when the app exports it (exact, whoever else scrapes), else Micrometer's
 * {@code process_cpu_usage} (the share of all the process's CPUs since the previous
 * reading) times {@code system_cpu_count}. Memory: the sum of
 * {@code jvm_memory_used_bytes} against the sum of the areas'
 * {@code jvm_memory_max_bytes}; PIDS: live JVM threads; NET and BLOCK I/O are not
 * exported and written as 0B. A scrape that fails is a missing sample, not an error: the
 * rung's own reads fail with one line when an app stops answering.
 */
public final class PrometheusStatsSampler extends EverySecondSampler {

    private final Map<String, URI> scrapes;

    private final Map<String, double[]> previous = new HashMap<>();

    /**
     * @param scrapes each app's name in the stats log and its Prometheus endpoint
     */
    public PrometheusStatsSampler(Map<String, URI> scrapes, Path file) {
        super(file, "prometheus-stats");
        this.scrapes = new LinkedHashMap<>(scrapes);
    }

    @Override
    public PrometheusStatsSampler start() {
        super.start();
        return this;
    }

    @Override
    void sampleOnce() {
        LocalDateTime now = LocalDateTime.now();
        for (Map.Entry<String, URI> app : scrapes.entrySet()) {
            try {
                HttpResponse<String> response = LabHttp.get(app.getValue());
                long wallNanos = System.nanoTime();
                if (response.statusCode() != 200) {
                    continue;
                }
                PrometheusText scrape = PrometheusText.parse(response.body());
                OptionalDouble cpuNanos = scrape.first("process_cpu_time_ns_total");
                double[] before = previous.put(app.getKey(), new double[] { cpuNanos.orElse(Double.NaN), wallNanos });
                Optional<StatsLine> line = line(now, app.getKey(), scrape, before == null || Double.isNaN(before[0])
                        ? null : (cpuNanos.orElse(Double.NaN) - before[0]) / (wallNanos - before[1]) * 100);
                if (line.isPresent()) {
                    out.write(line.get());
                }
            }
            catch (IOException | RuntimeException missed) {
                // one missing sample; the rung's own reads name an app that stopped
                // answering
            }
        }
        // a failed write is kept by the writer and thrown on close
        out.flush();
    }

    /**
     * One stats line from one scrape; {@code cpuPercentFromCounter} is the CPU counter's
     * growth as a share of one core when known (null before the second scrape or without
     * the counter). Empty when the scrape holds no CPU reading at all.
     */
    static Optional<StatsLine> line(LocalDateTime time, String name, PrometheusText scrape,
            Double cpuPercentFromCounter) {
        Double cpu = cpuPercentFromCounter != null && Double.isFinite(cpuPercentFromCounter)
                && cpuPercentFromCounter >= 0 ? cpuPercentFromCounter : null;
        if (cpu == null) {
            OptionalDouble usage = scrape.first("process_cpu_usage");
            OptionalDouble cpus = scrape.first("system_cpu_count");
            if (usage.isEmpty() || cpus.isEmpty() || usage.getAsDouble() < 0) {
                return Optional.empty();
            }
            cpu = usage.getAsDouble() * cpus.getAsDouble() * 100;
        }
        double used = scrape.sum("jvm_memory_used_bytes").orElse(0);
        double limit = scrape.sumPositive("jvm_memory_max_bytes");
        long threads = Math.round(scrape.first("jvm_threads_live_threads").orElse(0));
        return Optional
            .of(new StatsLine(time, name, cpu, used, limit, limit > 0 ? used / limit * 100 : 0, 0, 0, 0, 0, threads));
    }

}
