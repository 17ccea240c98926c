package dev.perflab.gateway.calibration;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

import reactor.core.publisher.Mono;

/**
 * A known cost for calibrating the lab's comparisons (profile {@code burn}): every
 * request spends {@code lab.burn.micros} of its thread's CPU time here before it is
 * routed. Counted in thread CPU time, not wall time, so a busy machine that takes the
 * core away does not shorten the burn.
 */
@Component
@ConditionalOnProperty("lab.burn.micros")
public class CpuBurnGlobalFilter implements GlobalFilter, Ordered {

    /**
     * More would hold an event loop long enough to look like the blocking rung; a
     * calibration is a few per cent.
     */
    static final long MAX_MICROS = 100_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long nanos;

    /** Keeps the spin's arithmetic from being optimised away. */
    private volatile long sink;

    CpuBurnGlobalFilter(@Value("${lab.burn.micros}") long micros) {
        if (micros < 1 || micros > MAX_MICROS) {
            throw new IllegalArgumentException(
                    "lab.burn.micros must be 1 to " + MAX_MICROS + " (microseconds of CPU per request), not " + micros);
        }
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("lab.burn.micros needs thread CPU time, which this JVM does not measure");
        }
        this.nanos = micros * 1000;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        sink = burn(nanos);
        return chain.filter(exchange);
    }

    /**
     * Spins until the current thread has used {@code nanos} of CPU time; returns the
     * spin's result.
     */
    static long burn(long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long x = start;
        do {
            for (int i = 0; i < 256; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        while (THREADS.getCurrentThreadCpuTime() - start < nanos);
        return x;
    }

    @Override
    public int getOrder() {
        return -150;
    }

    @Override
    public String toString() {
        return "CpuBurnGlobalFilter[" + nanos / 1000 + " us of CPU per request]";
    }

}
