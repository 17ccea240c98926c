package dev.perflab.auth;

import java.util.concurrent.locks.LockSupport;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * Sleeps the injected latency with {@link LockSupport#parkNanos}, not
 * {@code Thread.sleep(ms, ns)}: on JDK 17 the latter rounds anything below a millisecond
 * up to a whole one. Every sleep is timed as it really was
 * ({@code lab.auth.injected.latency}), so the lab reports what it delivered rather than
 * what it asked for.
 */
@Component
class PreciseSleeper {

    private final Timer actual;

    PreciseSleeper(MeterRegistry registry) {
        this.actual = Timer.builder("lab.auth.injected.latency")
            .description("Latency the auth service really slept, per request")
            .publishPercentiles(0.5, 0.9, 0.99)
            .register(registry);
    }

    void sleep(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long start = System.nanoTime();
        sleepUninterruptibly(nanos);
        actual.record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    static void sleepUninterruptibly(long nanos) {
        long deadline = System.nanoTime() + nanos;
        long left = nanos;
        while (left > 0) {
            LockSupport.parkNanos(left);
            left = deadline - System.nanoTime();
        }
    }

}
