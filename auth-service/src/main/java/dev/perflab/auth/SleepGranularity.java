package dev.perflab.auth;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Measures once at start-up how long a requested short sleep really takes on this JVM and
 * kernel, for the park-based sleeper the service uses and for
 * {@code Thread.sleep(0, 500_000)}, and publishes the medians
 * ({@code lab.auth.sleep.actual}, in seconds, tagged by method and request) so a run can
 * state the latency it could really inject.
 */
@Component
class SleepGranularity {

    private static final Logger log = LoggerFactory.getLogger(SleepGranularity.class);

    private static final int SAMPLES = 31;

    private final Map<String, Double> medianMicros = new LinkedHashMap<>();

    SleepGranularity(MeterRegistry registry) {
        for (long requestedMicros : new long[] { 100, 500, 1000 }) {
            record("park", requestedMicros, median(() -> PreciseSleeper.sleepUninterruptibly(requestedMicros * 1000)),
                    registry);
        }
        record("thread-sleep", 500, median(() -> {
            try {
                Thread.sleep(0, 500_000);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }), registry);
        log.info("Measured sleep granularity (median actual for requested): {}", describe());
    }

    Map<String, Double> medianMicros() {
        return medianMicros;
    }

    String describe() {
        StringBuilder out = new StringBuilder();
        medianMicros.forEach((key, micros) -> out.append(out.isEmpty() ? "" : ", ")
            .append(key)
            .append(" -> ")
            .append(String.format("%.0fus", micros)));
        return out.toString();
    }

    private void record(String method, long requestedMicros, double actualMicros, MeterRegistry registry) {
        medianMicros.put(method + " " + requestedMicros + "us", actualMicros);
        Gauge.builder("lab.auth.sleep.actual", () -> actualMicros / 1_000_000.0)
            .description("Median real duration of a short sleep, measured at start-up")
            .baseUnit("seconds")
            .tag("method", method)
            .tag("requested", requestedMicros + "us")
            .register(registry);
    }

    private static double median(Runnable sleep) {
        long[] took = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long start = System.nanoTime();
            sleep.run();
            took[i] = System.nanoTime() - start;
        }
        Arrays.sort(took);
        return took[SAMPLES / 2] / 1000.0;
    }

}
