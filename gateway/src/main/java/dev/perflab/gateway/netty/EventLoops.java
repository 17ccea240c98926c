package dev.perflab.gateway.netty;

import java.util.Optional;

import reactor.netty.http.HttpResources;
import reactor.netty.resources.LoopResources;

import org.springframework.core.env.Environment;

/**
 * How many Reactor Netty event loops the gateway runs. Reactor Netty's default is
 * max(cores, 4); {@code lab.netty.event-loops} ({@code cores} or a number, set by the
 * {@code loop-pools} profile) replaces the global loops that the server and every client
 * share before any of them exists. The blocking rungs keep the default: with a blocking
 * auth call the number of event loops is the number of requests in flight.
 */
public final class EventLoops {

    public static final String PROPERTY = "lab.netty.event-loops";

    private static volatile int configured = LoopResources.DEFAULT_IO_WORKER_COUNT;

    private EventLoops() {
    }

    /** The event-loop threads the server and the clients run on. */
    public static int count() {
        return configured;
    }

    /** Applies {@link #PROPERTY} when it is set; returns why it cannot, or empty. */
    public static Optional<String> apply(Environment environment) {
        String value = environment.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Optional<Integer> loops = parse(value, Runtime.getRuntime().availableProcessors());
        if (loops.isEmpty()) {
            return Optional.of(PROPERTY + " must be 'cores' or a whole number from 1 to 256, not '" + value + "'");
        }
        configured = loops.get();
        HttpResources.set(LoopResources.create("reactor-http", configured, true));
        return Optional.empty();
    }

    static Optional<Integer> parse(String value, int cores) {
        String trimmed = value.trim();
        if (trimmed.equalsIgnoreCase("cores")) {
            return Optional.of(Math.max(1, cores));
        }
        try {
            int loops = Integer.parseInt(trimmed);
            return loops >= 1 && loops <= 256 ? Optional.of(loops) : Optional.empty();
        }
        catch (NumberFormatException ex) {
            return Optional.empty();
        }
    }

}
