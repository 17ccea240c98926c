package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.perflab.lab.Durations;
import dev.perflab.lab.JavaOptions;
import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.CapacitySearch;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.profile.ProfilerKind;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.MeasurementPlan;
import dev.perflab.lab.run.LeftOut;
import dev.perflab.lab.run.RunPlan;
import dev.perflab.lab.run.RungRunner;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.GatewayProfiles;
import dev.perflab.lab.system.Jdks;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.Target;
import dev.perflab.lab.targets.Targets;

/**
 * Builds a command's {@link RunPlan} from its options: every option checked once, before
 * anything starts (a bad one is one line and nothing started), what earlier runs left
 * behind stopped, the tools the run needs found, and run.json's parameters written down.
 */
final class RunPlans {

    /**
     * The fixed-rate phase runs well below saturation, where a handful of connections
     * carry the rate; this caps a surprise stall.
     */
    static final int AT_RATE_CONNECTIONS = 200;

    private RunPlans() {
    }

    /**
     * make capacity's measurement in place of the closed loop.
     *
     * @param plan the capacity search (or the given rates), from the warm-up's generator
     * @param steps how many steps of DURATION each rung takes
     */
    record Capacity(Function<MeasurementPlan.Warmup, MeasurementPlan> plan, CapacitySearch.Steps steps) {
    }

    /**
     * @param capacity make capacity's steps; null for the closed loop
     */
    static RunPlan build(CommandKind command, SystemSetup setup, LoadOptions load, ProfileOptions profile,
            List<Scenario> declared, Map<String, Object> extra, PrintWriter out, Capacity capacity) {
        SystemOptions system = setup.options();
        List<Scenario> rungs = validate(command, setup, load, profile, declared, out);
        setup.stopLeftovers(out);
        Compose compose = setup.composeRuntime();
        String wrkVersion = WrkGenerator.requireInstalled();
        AtRate atRate = AtRate.decide(command, system, load, out);
        LabRuntime runtime = setup.labRuntime();
        Function<Scenario, Target> targets = rung -> Targets.of(rung.target(), rung.profiles(), setup::spec,
                gateway -> withRungsJvm(rung, profile.jprofiler()
                        ? runtime.withJProfiler(gateway, () -> profile.gatewayJvmOptions(System.getenv())) : gateway),
                system.root(), system.route(), system.tokenHeader());
        Map<String, Object> parameters = RunParameters.of(setup, load, compose, rungs);
        parameters.put("wrk", wrkVersion);
        parameters.put("cpu_rate", atRate.describe(load));
        parameters.put("scenarios", rungs.stream().map(Scenario::name).toList());
        parameters.put("profiler", RunParameters.profilerText(profile));
        parameters.putAll(extra);
        return new RunPlan(command, system.root(), system.results(), rungs, load.repeat(), runtime, targets,
                measurement(setup, load, profile, atRate, capacity == null ? null : capacity.plan(), out),
                new RungRunner.Settings(system.authLatency(), load.faults(), Runtime.getRuntime().availableProcessors(),
                        load.load().connections()),
                parameters, RunParameters.gateway(setup, rungs),
                expectedDuration(rungs.size(), load, atRate.rate(), capacity == null ? null : capacity.steps()));
    }

    /** Every option and rung checked; the rungs this runtime runs. */
    private static List<Scenario> validate(CommandKind command, SystemSetup setup, LoadOptions load,
            ProfileOptions profile, List<Scenario> declared, PrintWriter out) {
        SystemOptions system = setup.options();
        load.validate();
        profile.validate();
        system.validate();
        if (system.remote() && profile.profiler() != ProfilerKind.NONE) {
            throw new LabException("PROFILER=" + profile.profiler().id()
                    + " attaches to a gateway the lab started: not with RUNTIME=" + system.runtime());
        }
        if (!system.compose() && !system.remote()) {
            profile.gatewayJvmOptions(System.getenv());
        }
        List<Scenario> rungs = withTheirJdks(RemoteRungs.select(setup, command, declared, out), out);
        if (system.kubernetes()) {
            setup.kubernetesRollout().requireKubectl();
        }
        if (setup.foreignGateway().isPresent() && system.remote()) {
            throw new LabException(
                    "GATEWAY_JAR/GATEWAY_IMAGE start your gateway in the local or compose runtime; RUNTIME="
                            + system.runtime()
                            + " measures the gateway at the REMOTE file's address as it is deployed");
        }
        if (setup.foreignGateway().isEmpty() && !system.remote()) {
            checkGatewayProfiles(system, rungs);
        }
        rungs.stream()
            .filter(rung -> rung.authLatency() != null)
            .forEach(rung -> SystemOptions.checkAuthLatency(rung.authLatency(),
                    "rung " + rung.name() + "'s auth_latency"));
        RemoteRungs.check(setup, rungs);
        return rungs;
    }

    /** The rung's own JVM options after the gateway's, and the JDK it names. */
    static LaunchSpec withRungsJvm(Scenario rung, LaunchSpec gateway) {
        LaunchSpec spec = gateway;
        if (rung.javaOpts() != null && !rung.javaOpts().isBlank()) {
            List<String> jvm = new ArrayList<>(spec.jvmOptions());
            jvm.addAll(JavaOptions.split(rung.javaOpts(), "java_opts of rung " + rung.name()));
            spec = spec.withJvmOptions(jvm);
        }
        if (rung.jdk() != null) {
            spec = spec.withJavaHome(Jdks.find(rung.jdk()).orElseThrow());
        }
        return spec;
    }

    /** The rungs whose JDK is installed; each one left out says so in one line. */
    private static List<Scenario> withTheirJdks(List<Scenario> rungs, PrintWriter out) {
        List<Scenario> kept = new ArrayList<>();
        for (Scenario rung : rungs) {
            LeftOut left = LeftOut.withoutJdk(rung);
            if (left != null) {
                out.println(left.line());
                continue;
            }
            kept.add(rung);
        }
        if (kept.isEmpty()) {
            throw new LabException("no rung left to run: each needs a JDK that none of " + Jdks.searched() + " has");
        }
        return kept;
    }

    /** Every gateway profile the rungs name must exist before the first rung starts. */
    private static void checkGatewayProfiles(SystemOptions system, List<Scenario> rungs) {
        GatewayProfiles known = null;
        for (Scenario rung : rungs) {
            if (rung.target() == TargetKind.GATEWAY && !rung.profiles().isEmpty()) {
                known = known != null ? known : GatewayProfiles.in(Service.GATEWAY.jar(system.root()));
                known.check(rung.profiles(), "rung " + rung.name());
            }
        }
    }

    /**
     * The closed loop (with the fixed rate and the profiled window where asked for), or
     * the command's capacity search.
     */
    private static MeasurementPlan measurement(SystemSetup setup, LoadOptions load, ProfileOptions profile,
            AtRate atRate, Function<MeasurementPlan.Warmup, MeasurementPlan> capacity, PrintWriter out) {
        SystemOptions system = setup.options();
        MeasurementPlan.Warmup warmup = new MeasurementPlan.Warmup(
                new WrkGenerator(system.root().resolve("wrk/summary.lua"), load.load(),
                        setup.placement().generatorPrefix()),
                load.warmupProbe(), load.warmupMax());
        if (capacity != null) {
            return capacity.apply(warmup);
        }
        MeasurementPlan plan = MeasurementPlan.closedLoop(warmup, load.duration(), load.subwindows());
        if (atRate.rate() > 0) {
            plan = plan.withFixedRate(atRate.rate(),
                    new VegetaGenerator(system.root(),
                            new VegetaGenerator.Load(atRate.rate(), AT_RATE_CONNECTIONS, load.load().timeout()), out,
                            setup.placement().generatorPrefix()),
                    load.cpuDuration(), load.cpuSubwindows());
        }
        if (profile.profiler() != ProfilerKind.NONE) {
            plan = plan.withProfiling(profile.profiler(), profile.event(), load.duration(),
                    system.root().resolve("lab/hotspots.yml"));
        }
        return plan;
    }

    /**
     * The run's expected length, printed before it starts: each rung's start, warm-up and
     * measured window (make capacity: its steps of DURATION), times the passes.
     * @param steps make capacity's steps per rung; null for one closed-loop window
     */
    static String expectedDuration(int rungs, LoadOptions load, int cpuRate, CapacitySearch.Steps steps) {
        long window = load.duration().toSeconds();
        long atRate = cpuRate > 0 ? load.cpuDuration().plus(MeasurementPlan.FIXED_RATE_SETTLE).toSeconds() : 0;
        long leastMeasured = steps == null ? window + atRate : steps.least() * window;
        long mostMeasured = steps == null ? window + atRate : steps.most() * window;
        long least = load.repeat() * rungs * (15 + 3 * load.warmupProbe().toSeconds() + leastMeasured);
        long most = load.repeat() * rungs * (30 + load.warmupMax().toSeconds() + mostMeasured);
        String stepsText = steps == null ? ""
                : steps.least() == steps.most()
                        ? String.format(Locale.ROOT, "; %d steps of STEP_DURATION=%s per rung", steps.least(),
                                Durations.format(load.duration()))
                        : String.format(Locale.ROOT, "; %d to %d steps of STEP_DURATION=%s per rung", steps.least(),
                                steps.most(), Durations.format(load.duration()));
        return String.format(Locale.ROOT,
                "Expected duration: %d rung%s x %d pass%s, about %d to %d min (warm-up until steady, at most WARMUP=%s%s)",
                rungs, rungs == 1 ? "" : "s", load.repeat(), load.repeat() == 1 ? "" : "es",
                Math.max(1, Math.round(least / 60.0)), Math.max(1, Math.round(most / 60.0)),
                Durations.format(load.warmupMax()), stepsText);
    }

}
