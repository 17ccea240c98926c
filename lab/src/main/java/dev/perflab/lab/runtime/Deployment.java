package dev.perflab.lab.runtime;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;

import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.Service;

/**
 * A rung's running system: its apps, where the load goes, how they are sampled and read;
 * closing stops what the runtime started.
 */
public interface Deployment extends AutoCloseable {

    Apps apps();

    /** Where the load goes. */
    URI url();

    /**
     * The sampler that writes the apps' (and the target's extras') CPU and memory to
     * {@code file} each second.
     */
    StatsSampler sampler(Path file);

    /** The gateway process a profiler attaches to, when the lab started it here. */
    Optional<ProfiledProcess> gatewayProcess();

    /**
     * The JVMs whose counters the lab can read through the attach API, by the name the
     * stats log uses: the apps it started as processes here (a foreign gateway too); none
     * in a container or on a remote system.
     */
    default Map<String, Long> jvmPids() {
        return Map.of();
    }

    /**
     * The JVMs whose CPU this machine reads in /proc, their compiler threads apart, by
     * the name the stats log uses: what the warm-up reads to tell when their JIT went
     * quiet. The apps the lab started as processes here ({@link #jvmPids()}); on Compose
     * each app's container's JVM by the pid this machine sees; none on Kubernetes or a
     * remote system, whose processes run on other machines.
     */
    default Map<String, Long> readableJvms() {
        return jvmPids();
    }

    /**
     * Reads every endpoint the measured window will read, after each warm-up part: the
     * first reads of a warm app belong in the warm-up.
     */
    default void prime() {
        AppReadings.prime(apps());
    }

    /**
     * Keeps each app's Prometheus metrics as {@code scrapes/<app>-<when>.prom} under
     * {@code dir}.
     */
    default void scrape(Path dir, String when) {
        AppReadings.scrape(apps(), dir, when);
    }

    /** The backend's request counter, for the progress line. */
    default DoubleSupplier backendRequests() {
        return new ActuatorMetrics(apps().get(Service.BUSINESS).baseUri()).counter("http.server.requests",
                Map.of("uri", "/hello"));
    }

    /**
     * A process of this rung that the lab started here and that has exited, as one line
     * (which, its exit code, its log; for a container, its compose process, which ends a
     * moment after it); empty while all run, or where the runtime cannot tell (a remote
     * system, Kubernetes).
     */
    default Optional<String> exited() {
        return Optional.empty();
    }

    @Override
    void close();

}
