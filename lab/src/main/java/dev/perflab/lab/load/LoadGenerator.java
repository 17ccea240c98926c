package dev.perflab.lab.load;

import java.net.URI;
import java.time.Duration;

/**
 * Offers load to one URL for a while and says what came back. wrk (a closed loop of
 * connections) is the first; an open-model generator and remote agents plug in beside it.
 */
public interface LoadGenerator {

    /** The generator and its version as run.json records it, e.g. "wrk 4.2.0 [epoll]". */
    String version();

    /** The load it offers, for the report's header, e.g. "wrk -t5 -c10 --timeout 10s". */
    String describe();

    /**
     * Offers the load for {@code duration}; every request carries {@code header}, a line
     * "Name: value", when not null.
     */
    LoadResult offer(URI url, String header, Duration duration);

}
