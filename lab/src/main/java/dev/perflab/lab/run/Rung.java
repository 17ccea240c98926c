package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.runtime.Deployment;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.GatewayMetrics;
import java.time.Duration;

/**
 * One started pass of a rung, as its measurements see it: the scenario it runs with, the
 * deployed system, where the load goes and with which header, its folder, its pass, its
 * warm-up, the FAULTS that apply to it, the backend's request counter for the progress
 * lines, its JVMs' counters, the console, and the gateway's own time counters (read
 * around a window, so that its times cover that window alone).
 */
record Rung(Scenario scenario, Deployment deployment, String header, Path dir, int pass, RungWarmUp.Warmed warm,
        FaultSchedule faults, DoubleSupplier backendRequests, JvmWatch jvms, PrintWriter out,
        Supplier<GatewayMetrics.Timings> timings) {

    URI url() {
        return deployment.url();
    }

    /** The same rung, warmed up. */
    Rung warmedUp(RungWarmUp.Warmed result) {
        return new Rung(scenario, deployment, header, dir, pass, result, faults, backendRequests, jvms, out, timings);
    }

    /**
     * The last warm-up part's req/s, flat out, or {@code otherwise} when there was none.
     */
    double lastProbe(double otherwise) {
        return warm.lastProbe(otherwise);
    }

    /** Starts FAULTS for a window, logging to {@code log}; null when none apply. */
    FaultSchedule.Running startFaults(Path log) {
        return faults.isEmpty() ? null : faults.start(deployment.apps().get(Service.AUTH).baseUri(), log, out);
    }

    /** A progress line for a window of {@code total}. */
    Progress progress(String label, Duration total) {
        return new Progress(label, total, backendRequests, out);
    }
}
