package dev.perflab.lab.run;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.result.Scenario;

import dev.perflab.lab.Durations;
import dev.perflab.lab.result.RungResult;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.ForeignGateway;

import dev.perflab.lab.system.GatewayProfiles;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.StopOnExit;
import dev.perflab.lab.load.WrkGenerator;

/**
 * One run of one or more rungs into one results folder. Nothing measured is lost: summary.json is
 * rewritten after every rung, and a failure or Ctrl-C leaves error.txt and a report of what ran.
 */
public final class LabRun {

    private LabRun() {
    }

    /**
     * @param report renders the report from the folder once summary.json is written: after the last
     *        rung, after a failing one and from the exit hook; the caller's, since a run knows no report
     */
    public static RunFolder execute(String command, SystemOptions system, LoadOptions load, ProfileOptions profile,
            List<Scenario> rungs, Map<String, Object> extra, PrintWriter out, Consumer<RunFolder> report) {
        return execute(command, system, load, profile, rungs, extra, out, report, runner -> runner);
    }

    /** @param configure sets the rung runner up for this command (make capacity: the capacity search instead of closed-loop windows) */
    public static RunFolder execute(String command, SystemOptions system, LoadOptions load, ProfileOptions profile,
            List<Scenario> rungs, Map<String, Object> extra, PrintWriter out, Consumer<RunFolder> report,
            java.util.function.UnaryOperator<RungRunner> configure) {
        load.validate();
        profile.validate();
        if (system.remote() && !profile.profiler().equals("none")) {
            throw new LabException("PROFILER=" + profile.profiler() + " attaches to a gateway the lab started: not with RUNTIME=" + system.runtime());
        }
        if (!system.compose() && !system.remote()) {
            profile.gatewayJvmOptions(System.getenv());
        }
        system.healthTimeout();
        rungs = RemoteRungs.select(system, command, rungs, out);
        if (system.kubernetes()) {
            system.kubernetesRollout().requireKubectl();
        }
        String route = system.route();
        String header = system.tokenHeader();
        java.util.Optional<ForeignGateway> foreign = system.foreignGateway();
        if (foreign.isPresent() && system.remote()) {
            throw new LabException("GATEWAY_JAR/GATEWAY_IMAGE start your gateway in the local or compose runtime; RUNTIME=" + system.runtime()
                    + " measures the gateway at the REMOTE file's address as it is deployed");
        }
        boolean drivesGateway = rungs.stream().anyMatch(rung -> rung.target() == TargetKind.GATEWAY);
        Map<String, Object> gateway = foreign.map(g -> g.describe(route, headerName(header)))
            .orElseGet(() -> new LinkedHashMap<>(Map.of("foreign", false)));
        if (foreign.isEmpty() && !system.remote()) {
            checkGatewayProfiles(system, rungs);
        }
        SystemOptions.checkAuthLatency(system.authLatency(), "AUTH_LATENCY");
        system.placement();
        rungs.stream().filter(rung -> rung.authLatency() != null)
            .forEach(rung -> SystemOptions.checkAuthLatency(rung.authLatency(), "rung " + rung.name() + "'s auth_latency"));
        RemoteRungs.check(system, rungs);
        system.stopLeftovers(out);
        Compose compose = system.composeRuntime();
        String wrkVersion = WrkGenerator.requireInstalled();
        AtRate atRate = AtRate.decide(command, system, load, out);
        RunFolder run = RunFolder.create(system.results(), command);
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("threads", load.load().threads());
        parameters.put("connections", load.load().connections());
        parameters.put("timeout", Durations.format(load.load().timeout()));
        parameters.put("duration", Durations.format(load.duration()));
        parameters.put("repeat", load.repeat());
        parameters.put("subwindow", Durations.format(load.subwindows().get(0)));
        parameters.put("warmup_max", Durations.format(load.warmupMax()));
        if (!load.faults().isEmpty()) {
            parameters.put("faults", load.faults().toString());
        }
        if (system.remote()) {
            parameters.put("auth_latency", "as deployed");
            parameters.put("system", "not started by the lab: measured at the REMOTE file's addresses"
                    + (system.kubernetes() ? ", after kubectl apply -k of each rung's overlay" : ""));
            parameters.put("remote", system.remoteConfig().describe());
        }
        else {
            parameters.put("auth_latency", system.authLatency());
            parameters.put("java_opts", system.javaOpts());
            parameters.put("gateway_java_opts", system.gatewayJavaOpts());
        }
        parameters.put("runtime", system.runtime());
        parameters.put("placement", system.remote() ? "load generator on this machine's " + Runtime.getRuntime().availableProcessors()
                + " cores, the system at the REMOTE file's addresses" : system.placement().describe());
        if (compose != null) {
            parameters.put("compose", compose.version());
            parameters.put("compose_files", compose.files().stream().map(f -> system.root().relativize(f).toString()).toList());
            parameters.put("limits", Compose.limits(System.getenv()));
        }
        if (drivesGateway) {
            parameters.put("route", route);
            // the header's name only: its value may be a real credential
            parameters.put("token_header", header == null ? "none" : headerName(header));
        }
        parameters.put("wrk", wrkVersion);
        parameters.put("cpu_rate", atRate.describe(load));
        parameters.put("scenarios", rungs.stream().map(Scenario::name).toList());
        parameters.put("profiler", switch (profile.profiler()) {
            case "async" -> "async-profiler, event " + profile.event() + ", in a profiled window after the measured one";
            case "jfr" -> "JFR (profile settings), in a profiled window after the measured one";
            case "jprofiler" -> "JProfiler agent on 127.0.0.1:" + ProfileOptions.JPROFILER_PORT + ", loaded at start";
            default -> "none";
        });
        parameters.putAll(extra);
        Map<String, Object> info = RunInfo.describe(system.root(), command, system.runtime(), parameters);
        if (drivesGateway) {
            info.put("gateway", gateway);
        }
        run.writeJson("run.json", info);
        Map<String, Object> summaryGateway = drivesGateway ? gateway : null;
        out.println("Results: " + run.dir());
        out.flush();

        Passes passes = new Passes(rungs.size(), load.load().connections(), !system.remote());
        RungRunner runner = configure.apply(atRate.configure(new RungRunner(system, load, profile, out)));
        out.println(expectedDuration(rungs.size(), load, atRate.rate()));
        out.flush();
        AtomicBoolean interrupted = new AtomicBoolean();
        try (StopOnExit onExit = StopOnExit.register("report", () -> {
            interrupted.set(true);
            run.error("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
            finish(run, passes.results(), summaryGateway, report);
        })) {
            int total = rungs.size() * load.repeat();
            for (int pass = 1; pass <= load.repeat(); pass++) {
                for (int i = 0; i < rungs.size(); i++) {
                    Scenario scenario = rungs.get(i);
                    String relative = (rungs.size() == 1 ? "." : scenario.name()) + (pass == 1 ? "" : "/pass-" + pass);
                    Path dir = run.dir().resolve(relative).normalize();
                    String label = "[" + ((pass - 1) * rungs.size() + i + 1) + "/" + total + "]" + (load.repeat() > 1 ? " pass " + pass + ":" : "");
                    try {
                        passes.add(i, runner.run(scenario, dir, relative, label, pass));
                    }
                    catch (RuntimeException ex) {
                        String message = "rung " + scenario.name() + ": " + (ex instanceof LabException ? ex.getMessage()
                                : "unexpected " + ex.getClass().getSimpleName() + ": " + ex.getMessage() + " (a bug in the lab: the stack trace is in "
                                        + run.resolve("error.txt") + ")");
                        if (!interrupted.get()) {
                            // on Ctrl-C the exit hook says so; wrk's exit from it is no failure of its own
                            run.error(ex instanceof LabException ? message : message + "\n\n" + stackTrace(ex));
                            finish(run, passes.results(), summaryGateway, report);
                        }
                        throw new LabException(message + " (results so far: " + run.dir() + ")", ex);
                    }
                    run.writeJson("summary.json", summary(passes.results(), summaryGateway));
                }
            }
            finish(run, passes.results(), summaryGateway, report);
        }
        out.println("Report: " + run.resolve("report.md") + " and " + run.resolve("report.html"));
        out.flush();
        return run;
    }

    /**
     * Whether the rungs are offered a fixed rate after the closed loop (CPU_RATE; make lab's default
     * {@link LoadOptions#LADDER_CPU_RATE}), with vegeta. Without vegeta and Go to build it, the
     * default rate is left out with one line; a rate the user asked for is an error.
     */
    record AtRate(int rate, String skipped) {

        static AtRate decide(String command, SystemOptions system, LoadOptions load, PrintWriter out) {
            if (command.equals("capacity")) {
                return new AtRate(0, null);
            }
            int byDefault = command.equals("lab") ? LoadOptions.LADDER_CPU_RATE : 0;
            int rate = load.cpuRate(byDefault);
            if (rate == 0) {
                return new AtRate(0, null);
            }
            try {
                dev.perflab.lab.load.VegetaInstaller.ensure(system.root(), out);
                return new AtRate(rate, null);
            }
            catch (LabException ex) {
                if (load.cpuRate(-1) != -1) {
                    throw new LabException("CPU_RATE=" + rate + ": " + ex.getMessage());
                }
                out.println("CPU at a fixed rate: not measured, " + ex.getMessage() + " (CPU_RATE=0 leaves this phase out)");
                return new AtRate(0, ex.getMessage());
            }
        }

        RungRunner configure(RungRunner runner) {
            return rate == 0 ? runner : runner.offeringCpuRate(rate, new dev.perflab.lab.load.VegetaGenerator(runner.root(),
                    new dev.perflab.lab.load.VegetaGenerator.Load(rate, AT_RATE_CONNECTIONS, runner.timeout()), runner.out(), runner.generatorPrefix()));
        }

        String describe(LoadOptions load) {
            return rate > 0 ? rate + " req/s for " + Durations.format(load.cpuDuration()) + " after the closed loop and "
                    + RungRunner.AT_RATE_SETTLE.toSeconds() + " s to settle (vegeta "
                    + dev.perflab.lab.load.VegetaInstaller.VERSION + ")" : skipped != null ? "not measured: " + skipped : "off";
        }
    }

    /** The fixed-rate phase runs well below saturation, where a handful of connections carry the rate; this caps a surprise stall. */
    static final int AT_RATE_CONNECTIONS = 200;

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
     * What each rung measured so far, pass by pass. The exit hook reads it while the main thread may
     * add to it, so both go through this object's lock.
     */
    private static final class Passes {

        private final List<List<RungResult>> byRung = new ArrayList<>();
        private final int connections;
        private final boolean restarted;

        Passes(int rungs, int connections, boolean restarted) {
            this.connections = connections;
            this.restarted = restarted;
            for (int i = 0; i < rungs; i++) {
                byRung.add(new ArrayList<>());
            }
        }

        synchronized void add(int rung, RungResult result) {
            byRung.get(rung).add(result);
        }

        /** Each rung with a pass so far, its passes combined, with its step's verdict. */
        synchronized List<RungResult> results() {
            return Results.withVerdicts(byRung.stream().filter(passes -> !passes.isEmpty()).map(passes -> Results.combine(passes, Runtime.getRuntime().availableProcessors(), connections, restarted)).toList());
        }
    }

    /** The run's expected length, printed before it starts: each rung's start, warm-up and measured window, times the passes. */
    static String expectedDuration(int rungs, LoadOptions load, int cpuRate) {
        long each = load.duration().toSeconds() + (cpuRate > 0 ? load.cpuDuration().plus(RungRunner.AT_RATE_SETTLE).toSeconds() : 0);
        long least = load.repeat() * rungs * (15 + 3 * load.warmupProbe().toSeconds() + each);
        long most = load.repeat() * rungs * (30 + load.warmupMax().toSeconds() + each);
        return String.format(java.util.Locale.ROOT, "Expected duration: %d rung%s x %d pass%s, about %d to %d min (warm-up until steady, at most WARMUP_MAX=%s)",
                rungs, rungs == 1 ? "" : "s", load.repeat(), load.repeat() == 1 ? "" : "es", Math.max(1, Math.round(least / 60.0)),
                Math.max(1, Math.round(most / 60.0)), Durations.format(load.warmupMax()));
    }

    private static String stackTrace(Throwable ex) {
        java.io.StringWriter trace = new java.io.StringWriter();
        ex.printStackTrace(new java.io.PrintWriter(trace));
        return trace.toString();
    }

    /** summary.json, then the report from the folder: the same path make report takes. */
    private static void finish(RunFolder run, List<RungResult> results, Map<String, Object> gateway, Consumer<RunFolder> report) {
        run.writeJson("summary.json", summary(results, gateway));
        report.accept(run);
    }

    /** summary.json: the rungs, and which gateway they drove when any did (the user's own: foreign, with what the lab could read of it). */
    private static Map<String, Object> summary(List<RungResult> results, Map<String, Object> gateway) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("rungs", results);
        if (gateway != null) {
            summary.put("gateway", gateway);
        }
        return summary;
    }

    private static String headerName(String header) {
        return header == null ? null : header.substring(0, header.indexOf(':')).trim();
    }
}
