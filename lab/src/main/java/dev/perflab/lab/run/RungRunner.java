package dev.perflab.lab.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.SystemOptions;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.profile.GatewayProfiler;
import dev.perflab.lab.profile.Target;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.stats.DockerStatsSampler;
import dev.perflab.lab.stats.ProcStatsSampler;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.stats.StatsLog;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.InstalledTools;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.wrk.Wrk;
import dev.perflab.lab.wrk.WrkOutput;
import dev.perflab.lab.wrk.WrkResult;

/**
 * Runs one rung: starts what it needs with its profiles, warms up, then measures with wrk while the
 * stats sampler and the progress line run, scraping every app's metrics before and after. Every
 * process it started is stopped when it returns or fails.
 */
public final class RungRunner {

    public static final String TOKEN = "lab-token";

    private final SystemOptions system;
    private final LoadOptions load;
    private final Wrk wrk;
    private final ProfileOptions profile;
    private final PrintWriter out;

    public RungRunner(SystemOptions system, LoadOptions load, ProfileOptions profile, PrintWriter out) {
        this.system = system;
        this.load = load;
        this.profile = profile;
        this.wrk = new Wrk(system.root().resolve("wrk/summary.lua"));
        this.out = out;
    }

    public RungResult run(Scenario scenario, Path dir, String relativeDir, String label) {
        if (scenario.target() == Scenario.Target.NGINX) {
            var missing = InstalledTools.missing(system.root(), "nginx");
            if (missing.isPresent()) {
                out.println("  " + label + " " + scenario.name() + ": skipped, " + missing.get());
                return RungResult.skipped(scenario, missing.get());
            }
        }
        out.println("  " + label + " " + scenario.name() + describe(scenario));
        out.flush();
        String latency = scenario.authLatency() != null ? scenario.authLatency() : system.authLatency();
        List<LaunchSpec> specs = specs(scenario, latency);
        try (LabSystem apps = LabSystem.start(system.launcher(dir.resolve("logs")), specs, system.healthTimeout());
                NginxReference nginx = scenario.target() == Scenario.Target.NGINX
                        ? NginxReference.start(system.root().resolve("lab/nginx/auth-request.conf"), dir.resolve("nginx"),
                                apps.get(Service.BUSINESS).spec().port(), apps.get(Service.AUTH).spec().port(), TOKEN)
                        : null) {
            String url = url(scenario, apps).toString();
            if (profile.jprofiler() && scenario.target() == Scenario.Target.GATEWAY) {
                out.printf("    JProfiler: the agent listens on 127.0.0.1:%d (nowait). In the JProfiler GUI: Session > Attach > "
                        + "Attach to remote JVM, host 127.0.0.1, port %d; start recording before the measured window (%s) begins%n",
                        ProfileOptions.JPROFILER_PORT, ProfileOptions.JPROFILER_PORT, Durations.format(load.duration()));
                out.flush();
            }
            String token = scenario.target() == Scenario.Target.BACKEND ? null : TOKEN;
            // Every endpoint the measured window reads is read after each warm-up probe too: the first
            // Prometheus scrape of a warm app cost the next 5 s about 40 % of the gateway rung's
            // throughput on a 2-core machine, and that belongs in the warm-up, not the measured window.
            DoubleSupplier backendRequests = new ActuatorMetrics(apps.get(Service.BUSINESS).baseUri())
                .counter("http.server.requests", Map.of("uri", "/hello"));
            Warmup.Result warm = Warmup.run(wrk, load.load(), load.warmupProbe(), load.warmupMax(), url, token,
                    () -> prime(apps, backendRequests), out);
            out.printf("    warm-up: %s after %ds (%,.0f req/s in the last probe)%n",
                    warm.steady() ? "steady" : "not steady within WARMUP_MAX, measuring anyway", warm.took().toSeconds(),
                    warm.probes().isEmpty() ? 0 : warm.probes().get(warm.probes().size() - 1));

            scrape(apps, dir, "before");
            Timings before = Timings.read(apps);
            List<WrkResult> runs = new ArrayList<>();
            Results.Profiled profiled = null;
            LocalDateTime measuredFrom = LocalDateTime.now();
            LocalDateTime measuredTo;
            double samplerCost;
            try (StatsSampler sampler = sampler(apps, nginx, dir.resolve("stats.log")).start()) {
                for (int i = 1; i <= load.repeat(); i++) {
                    String suffix = i == 1 ? "" : "-" + i;
                    String output;
                    FaultSchedule faults = scenario.target() == Scenario.Target.BACKEND ? FaultSchedule.none() : load.faults();
                    try (Progress progress = new Progress("measure" + (load.repeat() > 1 ? " " + i + "/" + load.repeat() : ""),
                            load.duration(), backendRequests, out);
                            FaultSchedule.Running injected = faults.isEmpty() ? null
                                    : faults.start(apps.get(Service.AUTH).baseUri(), dir.resolve("faults.log"), out)) {
                        output = wrk.run(load.load(), load.duration(), url, token);
                    }
                    RunFolder.write(dir.resolve("wrk" + suffix + ".txt"), output);
                    RunFolder.write(dir.resolve("wrk" + suffix + ".json"), WrkOutput.summaryJson(output) + "\n");
                    WrkResult result = WrkOutput.parse(output);
                    runs.add(result);
                    out.printf("    measured: %,.0f req/s, p99 %.2f ms, %d errors%n", result.requestsPerSecond(),
                            result.latency().percentile("99"), result.errors().total());
                }
                measuredTo = LocalDateTime.now();
                if (profile.jprofiler() && apps.find(Service.GATEWAY).isPresent()) {
                    profiled = new Results.Profiled("jprofiler", null, null, null);
                }
                else if (profile.attaches() && apps.find(Service.GATEWAY).isPresent()) {
                    profiled = profiledWindow(scenario, apps.get(Service.GATEWAY), dir, url, token, backendRequests, runs);
                }
                samplerCost = sampler.ownCpuPercentOfOneCore();
            }
            scrape(apps, dir, "after");
            Timings after = Timings.read(apps);
            Map<String, String> mode = apps.find(Service.GATEWAY)
                .map(gateway -> observedMode(new ActuatorMetrics(gateway.baseUri())))
                .orElse(null);
            Map<String, Double> cpu = StatsLog.read(dir.resolve("stats.log")).meanCpu(measuredFrom, measuredTo);
            return Results.of(scenario, relativeDir, latency, runs, cpu, before, after, mode, warm, samplerCost, profiled);
        }
    }

    /**
     * The same load once more with the profiler attached to the gateway: its samples name the
     * hotspots, and its req/s against the unprofiled window's is the profiler's own cost.
     */
    private Results.Profiled profiledWindow(Scenario scenario, RunningService gateway, Path dir, String url, String token,
            DoubleSupplier backendRequests, List<WrkResult> unprofiled) {
        Path profileDir = dir.resolve("profile");
        Target target = system.compose() ? Target.container(Compose.containerPid(gateway.service()), LaunchSpec.currentJavaHome())
                : Target.local(gateway.pid(), gateway.spec().javaHome());
        GatewayProfiler profiler = GatewayProfiler.start(profile.profiler(), profile.event(), target, profileDir, out);
        String output;
        GatewayProfiler.Capture capture;
        try (Progress progress = new Progress("profile (" + profile.profiler() + ")", load.duration(), backendRequests, out)) {
            output = wrk.run(load.load(), load.duration(), url, token);
        }
        finally {
            capture = profiler.stop(dir, Hotspots.Rules.load(system.root().resolve("lab/hotspots.yml")),
                    scenario.name() + " (" + (profile.profiler().equals("async") ? "async-profiler " + profile.event() : "JFR") + ")");
        }
        RunFolder.write(dir.resolve("wrk-profiled.txt"), output);
        WrkResult result = WrkOutput.parse(output);
        double without = unprofiled.stream().mapToDouble(WrkResult::requestsPerSecond).average().orElse(0);
        out.println("    profile: " + capture.hotspots().verdict() + " (" + capture.files() + ")");
        if (capture.evidence().containsKey("event_loop_socket_reads")) {
            out.printf("    JFR: %,d socket reads on event-loop threads, %,.0f ms in all%n", capture.evidence().get("event_loop_socket_reads"),
                    ((Number) capture.evidence().get("event_loop_socket_read_ms")).doubleValue());
        }
        out.printf("    profiler cost: %,.0f req/s with it, %,.0f without (ratio %.2f)%n", result.requestsPerSecond(), without,
                without == 0 ? 0 : result.requestsPerSecond() / without);
        return new Results.Profiled(profile.profiler(), capture.hotspots(), result.requestsPerSecond(), capture.evidence());
    }

    private static String describe(Scenario scenario) {
        return switch (scenario.target()) {
            case BACKEND -> " (wrk -> business-service directly)";
            case NGINX -> " (wrk -> nginx auth_request)";
            case GATEWAY -> " (gateway profiles: " + (scenario.profiles().isEmpty() ? "default" : String.join(",", scenario.profiles())) + ")";
        };
    }

    private List<LaunchSpec> specs(Scenario scenario, String latency) {
        List<LaunchSpec> specs = new ArrayList<>();
        specs.add(system.spec(Service.BUSINESS));
        if (scenario.target() != Scenario.Target.BACKEND) {
            specs.add(system.spec(Service.AUTH).withEnv("AUTH_LATENCY", latency));
        }
        if (scenario.target() == Scenario.Target.GATEWAY) {
            LaunchSpec gateway = system.spec(Service.GATEWAY).withProfiles(scenario.profiles());
            if (profile.jprofiler() && system.compose()) {
                gateway = gateway.withEnv("PROFILER", "jprofiler");
            }
            else if (profile.jprofiler()) {
                if (!ServiceLauncher.portFree(ProfileOptions.JPROFILER_PORT)) {
                    throw new LabException("port " + ProfileOptions.JPROFILER_PORT + " (the JProfiler agent's) is in use: "
                            + "stop what listens there (ss -ltnp 'sport = :" + ProfileOptions.JPROFILER_PORT + "') and run again");
                }
                List<String> jvm = new ArrayList<>(gateway.jvmOptions());
                jvm.addAll(profile.gatewayJvmOptions(System.getenv()));
                gateway = gateway.withJvmOptions(jvm);
            }
            specs.add(gateway);
        }
        return specs;
    }

    private static URI url(Scenario scenario, LabSystem apps) {
        return switch (scenario.target()) {
            case BACKEND -> apps.get(Service.BUSINESS).uri("/hello");
            case GATEWAY -> apps.get(Service.GATEWAY).uri("/service/hello");
            case NGINX -> NginxReference.url();
        };
    }

    /** docker stats in the compose runtime (the containers are named after the services), else the /proc sampler. */
    private StatsSampler sampler(LabSystem apps, NginxReference nginx, Path file) {
        if (system.compose()) {
            return new DockerStatsSampler(apps.services().stream().map(s -> s.service().id()).toList(), file);
        }
        return new ProcStatsSampler(pids(apps, nginx), file);
    }

    private static Map<String, List<Long>> pids(LabSystem apps, NginxReference nginx) {
        Map<String, List<Long>> pids = new LinkedHashMap<>();
        for (RunningService service : apps.services()) {
            pids.put(service.service().id(), List.of(service.pid()));
        }
        if (nginx != null) {
            pids.put("nginx", nginx.pids());
        }
        return pids;
    }

    /** Reads every endpoint the measured window will read, and returns the apps' JIT compilation time so far (ms, summed; NaN when unknown). */
    private static double prime(LabSystem apps, DoubleSupplier backendRequests) {
        for (RunningService service : apps.services()) {
            try {
                LabHttp.get(service.uri("/actuator/prometheus"));
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
        try {
            // Before the first request these meters may not exist yet; the read still warms the endpoint.
            Timings.read(apps);
            backendRequests.getAsDouble();
        }
        catch (LabException ex) {
            // nothing to prime beyond what was read
        }
        double jit = 0;
        for (RunningService service : apps.services()) {
            try {
                jit += new ActuatorMetrics(service.baseUri()).statistic("jvm.compilation.time", Map.of(), "COUNT");
            }
            catch (LabException ex) {
                return Double.NaN;
            }
        }
        return jit;
    }

    private static void scrape(LabSystem apps, Path dir, String when) {
        for (RunningService service : apps.services()) {
            try {
                RunFolder.write(dir.resolve("scrapes").resolve(service.service().id() + "-" + when + ".prom"),
                        LabHttp.get(service.uri("/actuator/prometheus")).body());
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
    }

    /** The mode the gateway reports in its own metric tags. */
    static Map<String, String> observedMode(ActuatorMetrics gateway) {
        Map<String, String> mode = new LinkedHashMap<>();
        gateway.tags("lab.gateway.mode").forEach((tag, values) -> {
            if (!tag.equals("application")) {
                mode.put(tag, String.join(",", values));
            }
        });
        mode.put("event_loop_threads", Long.toString(Math.round(gateway.statistic("lab.gateway.event.loop.threads", Map.of(), "VALUE"))));
        return mode;
    }

    /** Counters read before and after the measured window, for where the time goes. */
    record Timings(double authCount, double authSeconds, double serverCount, double serverSeconds) {

        static Timings read(LabSystem apps) {
            return apps.find(Service.GATEWAY).map(gateway -> {
                ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
                return new Timings(metrics.count("lab.auth.call", Map.of("outcome", "allowed")),
                        metrics.statistic("lab.auth.call", Map.of("outcome", "allowed"), "TOTAL_TIME"),
                        metrics.count("reactor.netty.http.server.response.time", Map.of()),
                        metrics.statistic("reactor.netty.http.server.response.time", Map.of(), "TOTAL_TIME"));
            }).orElse(new Timings(0, 0, 0, 0));
        }

        static Double meanMs(double countBefore, double countAfter, double secondsBefore, double secondsAfter) {
            double count = countAfter - countBefore;
            return count <= 0 ? null : Math.round((secondsAfter - secondsBefore) / count * 1000 * 1000) / 1000.0;
        }
    }
}
