package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.runtime.Deployment;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.stats.StatsLog;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.targets.Target;

/**
 * Runs one pass of a rung, the same fixed sequence for every target and runtime: start →
 * warm up → each planned measurement, with the stats sampler running → scrape → stop.
 * Every process the runtime started is stopped when it returns or fails; the sub-windows
 * measured before a failure stay in the rung's folder.
 */
public final class RungRunner {

    /**
     * What every rung of the run shares beyond its plan: AUTH_LATENCY, FAULTS, and the
     * cores and connections its bounds read.
     */
    public record Settings(String authLatency, FaultSchedule faults, int cores, int connections) {
    }

    private final LabRuntime runtime;

    private final Function<Scenario, Target> targets;

    private final MeasurementPlan plan;

    private final Settings settings;

    private final PrintWriter out;

    /**
     * @param targets the target a rung drives, with this run's settings
     */
    public RungRunner(LabRuntime runtime, Function<Scenario, Target> targets, MeasurementPlan plan, Settings settings,
            PrintWriter out) {
        this.runtime = runtime;
        this.targets = targets;
        this.plan = plan;
        this.settings = settings;
        this.out = out;
    }

    /** One pass of a rung; {@code pass} numbers its sub-windows for the intervals. */
    public RungResult run(Scenario declared, Path dir, String relativeDir, String label, int pass) {
        Target target = targets.apply(declared);
        Optional<String> unavailable = runtime.unavailable(target, declared);
        if (unavailable.isPresent()) {
            out.println("  " + label + " " + declared.name() + ": skipped, " + unavailable.get());
            return RungResult.skipped(declared, unavailable.get());
        }
        out.println("  " + label + " " + declared.name() + target.describe());
        out.flush();
        Scenario scenario = declared.ranWith(runtime.authLatency(declared, settings.authLatency()));
        try (Deployment deployment = runtime.start(target, scenario, dir, out);
                JvmWatch jvms = JvmWatch.attach(deployment.jvmPids(), out);
                ExitWatch exits = ExitWatch.start(deployment::exited, ExitWatch.EVERY)) {
            RungResult result;
            try {
                result = measure(target, scenario, deployment, jvms, dir, relativeDir, pass);
            }
            catch (RuntimeException ex) {
                throw exits.explain(ex);
            }
            exits.requireNoExit();
            return result;
        }
    }

    /**
     * Warm-up, the plan's measurements with the stats sampler running, and the scrapes.
     */
    private RungResult measure(Target target, Scenario scenario, Deployment deployment, JvmWatch jvms, Path dir,
            String relativeDir, int pass) {
        Rung starting = new Rung(scenario, deployment, runtime.header(target), dir, pass, null, faults(target),
                deployment.backendRequests(), jvms, out, () -> target.timings(deployment.apps()));
        plan.measurements().forEach(measurement -> measurement.started(starting));
        Rung rung = starting.warmedUp(warmUp(starting));
        deployment.scrape(dir, "before");
        RungParts parts = new RungParts();
        double samplerCost;
        try (StatsSampler sampler = deployment.sampler(dir.resolve("stats.log")).start()) {
            for (Measurement measurement : plan.measurements()) {
                measurement.measure(rung, parts);
            }
            samplerCost = sampler.ownCpuPercentOfOneCore();
        }
        deployment.scrape(dir, "after");
        Map<String, String> mode = target.mode(deployment.apps(), runtime.asDeployed());
        return parts.result(rung, relativeDir, StatsLog.read(dir.resolve("stats.log")), samplerCost, mode, settings);
    }

    /**
     * FAULTS where they apply: only where the load passes an auth check, and where the
     * runtime can post them to auth-service.
     */
    private FaultSchedule faults(Target target) {
        if (!target.faultsApply() || settings.faults().isEmpty()) {
            return FaultSchedule.none();
        }
        Optional<String> unavailable = runtime.faultsUnavailable();
        if (unavailable.isPresent()) {
            out.println("    FAULTS skipped: " + unavailable.get());
            out.flush();
            return FaultSchedule.none();
        }
        return settings.faults();
    }

    private RungWarmUp.Warmed warmUp(Rung rung) {
        MeasurementPlan.Warmup warmup = plan.warmup();
        return new RungWarmUp(warmup.generator(), rung.url(), rung.header(),
                RungWarmUp.Clocks.of(rung.deployment().readableJvms()), rung.deployment()::prime, out)
            .warm(warmup.policy());
    }

}
