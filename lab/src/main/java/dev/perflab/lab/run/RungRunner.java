package dev.perflab.lab.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import java.util.function.DoubleSupplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.CapacitySearch;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.profile.GatewayProfiler;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.Durations;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.stats.DockerStatsSampler;
import dev.perflab.lab.stats.ProcStatsSampler;
import dev.perflab.lab.stats.StatsLog;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.stats.PrometheusStatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.Endpoint;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.RemoteSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.ReapedChildren;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.targets.GatewayMetrics;
import dev.perflab.lab.targets.Target;
import dev.perflab.lab.targets.Targets;
import dev.perflab.lab.verdict.Window;

/**
 * Runs one rung, the same fixed sequence for every target: start (the target's apps and extras) →
 * warm up → measure (the load generator, with the stats sampler, the progress line and any faults)
 * → scrape → stop. Every process it started is stopped when it returns or fails.
 */
public final class RungRunner {

    /** A rung is offered CPU_RATE only when its closed loop reached at least this multiple of it: well below saturation. */
    static final double AT_RATE_HEADROOM = 1.25;

    /** How long the fixed rate runs, unmeasured, before its first sub-window: longer than the stats samples' one second, twice. */
    static final Duration AT_RATE_SETTLE = Duration.ofSeconds(3);

    /** The load generator's name among the processes whose CPU per request a run reports. */
    public static final String LOAD_GENERATOR = "load-generator";

    private final SystemOptions system;
    private final LoadOptions load;
    private final LoadGenerator generator;
    private final ProfileOptions profile;
    private final PrintWriter out;
    private Capacity capacity;
    private LoadGenerator atRate;
    private int cpuRate;

    /**
     * What make capacity measures instead of the closed-loop windows: the SLO, the rates or a search,
     * the open-model generator at a rate, and the load agents it offers it from (empty: one generator).
     */
    public record Capacity(CapacityOptions options, DoubleFunction<LoadGenerator> openModel, List<dev.perflab.lab.load.LoadAgent> agents) {
    }

    public RungRunner(SystemOptions system, LoadOptions load, ProfileOptions profile, PrintWriter out) {
        this.system = system;
        this.load = load;
        this.profile = profile;
        this.generator = new WrkGenerator(system.root().resolve("wrk/summary.lua"), load.load(), system.placement().generatorPrefix());
        this.out = out;
    }

    /** After the warm-up, search each rung's capacity at the SLO instead of measuring closed-loop windows. */
    public RungRunner measuringCapacity(Capacity capacity) {
        this.capacity = capacity;
        return this;
    }

    /**
     * After the closed loop, offer each rung CPU_RATE with this open-model generator for
     * CPU_DURATION: the CPU a request costs below saturation.
     */
    public RungRunner offeringCpuRate(int rate, LoadGenerator atRate) {
        this.cpuRate = rate;
        this.atRate = atRate;
        return this;
    }

    Path root() {
        return system.root();
    }

    Duration timeout() {
        return load.load().timeout();
    }

    PrintWriter out() {
        return out;
    }

    List<String> generatorPrefix() {
        return system.placement().generatorPrefix();
    }

    /** The target a scenario drives, with this run's settings. */
    public Target target(Scenario scenario) {
        return Targets.of(scenario.target(), scenario.profiles(), system::spec, this::withProfilerAgent, system.root(), system.route(),
                system.tokenHeader());
    }

    /** One pass of a rung; {@code pass} numbers its sub-windows for the intervals. */
    public RungResult run(Scenario declared, Path dir, String relativeDir, String label, int pass) {
        Target target = target(declared);
        Optional<String> unavailable = system.remote() ? remoteUnavailable(declared, target) : target.unavailable();
        if (unavailable.isPresent()) {
            out.println("  " + label + " " + declared.name() + ": skipped, " + unavailable.get());
            return RungResult.skipped(declared, unavailable.get());
        }
        out.println("  " + label + " " + declared.name() + target.describe());
        out.flush();
        // a remote system runs with the auth latency it was deployed with, which the lab neither sets nor knows
        Scenario scenario = declared.ranWith(system.remote() ? null : declared.authLatency() != null ? declared.authLatency() : system.authLatency());
        try (Started started = start(target, scenario, dir)) {
            Apps apps = started.apps();
            Running running = new Running(target, apps, started.local(), started.extras(), started.url(), header(target),
                    new ActuatorMetrics(apps.get(Service.BUSINESS).baseUri()).counter("http.server.requests", Map.of("uri", "/hello")));
            announceJProfiler(apps);
            Warmup.Result warm = warmUp(running);
            scrape(apps, dir, "before");
            GatewayMetrics.Timings before = GatewayMetrics.Timings.read(apps);
            if (capacity != null) {
                CapacityResult found = searchCapacity(running, dir, warm);
                scrape(apps, dir, "after");
                Map<String, String> mode = mode(apps);
                return Results.ofCapacity(scenario, relativeDir, found, mode, warm);
            }
            Measured measured = measure(scenario, running, dir, pass, warm);
            scrape(apps, dir, "after");
            GatewayMetrics.Timings after = GatewayMetrics.Timings.read(apps);
            Map<String, String> mode = mode(apps);
            Map<String, Double> cpu = measured.cpu();
            return Results.of(scenario, relativeDir, measured.windows(), measured.units(),
                    new RungResult.CpuUse(cpu, Results.round(measured.samplerCost(), 3)), before.until(after), mode, warm, measured.profiled(),
                    measured.atRate(), Runtime.getRuntime().availableProcessors(), load.load().connections());
        }
    }

    /** A started rung: its target, apps (those the lab started in local), extras, where the load goes, and the backend's request counter for the progress line. */
    private record Running(Target target, Apps apps, LabSystem local, Target.Extras extras, URI url, String header, DoubleSupplier backendRequests) {
    }

    /** The apps of a rung and what it started beyond them; closing stops what the lab started (in remote: nothing). */
    private record Started(Apps apps, LabSystem local, Target.Extras extras, URI url) implements AutoCloseable {

        @Override
        public void close() {
            try (Apps stoppedLast = apps; Target.Extras stoppedFirst = extras) {
                // extras first, then the apps
            }
        }
    }

    /**
     * Local and compose: the target's apps and extras, started here. Remote: the configured apps,
     * each of whose scrapes must answer, and the address the load goes to; in Kubernetes after the
     * rung's overlay (the base for rungs without a gateway) was applied and rolled out.
     */
    private Started start(Target target, Scenario scenario, Path dir) {
        if (!system.remote()) {
            LabSystem apps = LabSystem.start(system.launcher(dir.resolve("logs")), target.specs(scenario.authLatency()), system.healthTimeout());
            try {
                Target.Extras extras = target.startExtras(apps, dir);
                return new Started(apps, apps, extras, target.url(apps, extras));
            }
            catch (RuntimeException ex) {
                apps.close();
                throw ex;
            }
        }
        RemoteConfig remote = system.remoteConfig();
        Duration wait = REMOTE_ANSWER;
        if (system.kubernetes()) {
            KubernetesRollout kubernetes = system.kubernetesRollout();
            kubernetes.apply(target.overlay(kubernetes, scenario).orElseThrow(), out);
            wait = system.healthTimeout();
        }
        List<Service> services = target.specs(system.authLatency()).stream().map(LaunchSpec::service).toList();
        RemoteSystem apps = RemoteSystem.connect(remote, services, wait);
        URI url = target.url(remote);
        RemoteSystem.awaitAnswer(target.kind().id() + " (where the load goes)", url, wait, false);
        return new Started(apps, null, Target.Extras.NONE, url);
    }

    /**
     * How long a remote app, checked before the run began, may take to answer at the start of a rung
     * before it fails with one line: a busy machine can hold one scrape for seconds.
     */
    private static final Duration REMOTE_ANSWER = Duration.ofSeconds(30);

    /** Why a rung cannot run on the remote system: nginx without its address, a Kubernetes gateway rung without an overlay. */
    private Optional<String> remoteUnavailable(Scenario rung, Target target) {
        Optional<String> unavailable = target.unavailable(system.remoteConfig());
        if (unavailable.isPresent()) {
            return unavailable;
        }
        if (system.kubernetes() && target.overlay(system.kubernetesRollout(), rung).isEmpty()) {
            return Optional.of("no overlay in deploy/k8s/overlays for rung " + rung.name() + " (profiles " + String.join(",", rung.profiles())
                    + "): add one named like the rung to run it on Kubernetes");
        }
        return Optional.empty();
    }

    /** The target's header line; on a remote system the REMOTE file's token, when it names one, replaces the lab's own bearer token. */
    private String header(Target target) {
        String header = target.header();
        if (header == null || !system.remote()) {
            return header;
        }
        return system.remoteConfig().token().map(token -> "Authorization: Bearer " + token).orElse(header);
    }

    /** FAULTS where they apply; on a remote system only when the REMOTE file names auth-service's address to post them to. */
    private FaultSchedule faults(Running running) {
        if (!running.target().faultsApply() || load.faults().isEmpty()) {
            return FaultSchedule.none();
        }
        if (system.remote() && system.remoteConfig().authAdmin().isEmpty()) {
            out.println("    FAULTS skipped: the REMOTE file names no auth-service.url to post them to");
            out.flush();
            return FaultSchedule.none();
        }
        return load.faults();
    }

    /** The gateway's mode; as deployed (remote), unknown rather than an error when it exports no lab metric. */
    private Map<String, String> mode(Apps apps) {
        return GatewayMetrics.mode(apps, system.remote());
    }

    /** The closed loop's sub-windows and units, each process's mean CPU % over it, and what else the measured window left. */
    private record Measured(List<LoadResult> windows, List<Window> units, Map<String, Double> cpu, double samplerCost,
            Results.Profiled profiled, RungResult.AtRate atRate) {
    }

    private Warmup.Result warmUp(Running running) {
        // Every endpoint the measured window reads is read after each warm-up probe too: the first
        // Prometheus scrape of a warm app cost the next 5 s about 40 % of the gateway rung's
        // throughput on a 2-core machine, and that belongs in the warm-up, not the measured window.
        Warmup.Result warm = Warmup.run(generator, load.warmupProbe(), load.warmupMax(), running.url(), running.header(),
                () -> prime(running.apps(), running.backendRequests()), out);
        out.printf("    warm-up: %s after %ds (%,.0f req/s in the last probe)%n",
                warm.steady() ? "steady" : "not steady within WARMUP_MAX, measuring anyway", warm.took().toSeconds(),
                warm.probes().isEmpty() ? 0 : warm.probes().get(warm.probes().size() - 1));
        return warm;
    }

    private Measured measure(Scenario scenario, Running running, Path dir, int pass, Warmup.Result warm) {
        Results.Profiled profiled = null;
        LocalDateTime from = LocalDateTime.now();
        LocalDateTime to;
        double samplerCost;
        Offered closedLoop;
        AtRatePhase rated;
        try (StatsSampler sampler = sampler(running, dir.resolve("stats.log")).start()) {
            FaultSchedule faults = faults(running);
            try (Progress progress = new Progress("measure", load.duration(), running.backendRequests(), out);
                    FaultSchedule.Running injected = faults.isEmpty() ? null
                            : faults.start(running.apps().get(Service.AUTH).baseUri(), dir.resolve("faults.log"), out)) {
                closedLoop = offer(generator, running, load.subwindows(), dir, "wrk");
            }
            to = LocalDateTime.now();
            LoadResult whole = LoadResult.merge(closedLoop.parts());
            out.printf("    measured: %,.0f req/s, p99 %.2f ms, %d errors%s%n", whole.requestsPerSecond(), whole.latency().percentile("99"),
                    whole.errors(), closedLoop.parts().size() > 1 ? " (" + closedLoop.parts().size() + " sub-windows)" : "");
            // before the profiled window: an attached profiler costs CPU of its own
            rated = atRate == null ? null : offerRate(running, dir, whole.requestsPerSecond(), warm);
            Optional<RunningService> gateway = running.local() == null ? Optional.empty() : running.local().find(Service.GATEWAY);
            if (profile.jprofiler() && gateway.isPresent()) {
                profiled = new Results.Profiled("jprofiler", null, null, null);
            }
            else if (profile.attaches() && gateway.isPresent()) {
                profiled = profiledWindow(scenario, gateway.get(), dir, running, whole.requestsPerSecond());
            }
            samplerCost = sampler.ownCpuPercentOfOneCore();
        }
        StatsLog stats = StatsLog.read(dir.resolve("stats.log"));
        return new Measured(closedLoop.parts(), closedLoop.units(stats, pass), stats.meanCpu(from, to), samplerCost, profiled,
                rated == null ? null : rated.result(stats, pass));
    }

    /** Sub-windows offered one after the other: each one's load result, its span and the CPU the generator used in it. */
    private record Offered(List<LoadResult> parts, List<LocalDateTime[]> spans, List<Double> generatorCpu) {

        static final Offered NONE = new Offered(List.of(), List.of(), List.of());

        /** Each sub-window's figures, with every process's CPU per request from the stats sampled in its span. */
        List<Window> units(StatsLog stats, int pass) {
            List<Window> units = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                units.add(window(pass, parts.get(i), withGenerator(stats.meanCpu(spans.get(i)[0], spans.get(i)[1]), generatorCpu.get(i), parts.get(i))));
            }
            return units;
        }
    }

    /** Offers {@code generator}'s load for each sub-window, keeping each one's output in {@code dir} as name, name-2, ... */
    private static Offered offer(LoadGenerator generator, Running running, List<Duration> subwindows, Path dir, String name) {
        List<LoadResult> parts = new ArrayList<>();
        List<LocalDateTime[]> spans = new ArrayList<>();
        List<Double> generatorCpu = new ArrayList<>();
        for (int i = 1; i <= subwindows.size(); i++) {
            LocalDateTime start = LocalDateTime.now();
            OptionalDouble childCpuBefore = ReapedChildren.cpuSeconds();
            LoadResult part = generator.offer(running.url(), running.header(), subwindows.get(i - 1));
            generatorCpu.add(cpuSince(childCpuBefore));
            spans.add(new LocalDateTime[] { start, LocalDateTime.now() });
            keep(dir, name + (i == 1 ? "" : "-" + i), part);
            parts.add(part);
        }
        return new Offered(parts, spans, generatorCpu);
    }

    /** The fixed-rate phase's sub-windows, or why it was skipped. */
    private record AtRatePhase(double rate, String generator, Offered offered, String skipped) {

        RungResult.AtRate result(StatsLog stats, int pass) {
            return skipped != null ? RungResult.AtRate.skipped(rate, skipped) : Results.atRate(rate, generator, offered.units(stats, pass));
        }
    }

    /**
     * Offers CPU_RATE for CPU_DURATION, in SUBWINDOW parts, unless the rung's closed loop did not
     * reach well above it (then the rate would saturate it, and its CPU per request would again only
     * mirror its req/s).
     */
    private AtRatePhase offerRate(Running running, Path dir, double closedLoopRps, Warmup.Result warm) {
        double rate = cpuRate;
        double reached = Math.min(closedLoopRps, warm.probes().isEmpty() ? closedLoopRps : warm.probes().get(warm.probes().size() - 1));
        if (reached < rate * AT_RATE_HEADROOM) {
            String why = String.format(java.util.Locale.ROOT, "the closed loop reached %,.0f req/s, less than %.2f x CPU_RATE=%d", reached, AT_RATE_HEADROOM,
                    cpuRate);
            out.println("    at a fixed rate: skipped, " + why);
            return new AtRatePhase(rate, null, Offered.NONE, why);
        }
        Offered offered;
        try (Progress progress = new Progress(String.format(java.util.Locale.ROOT, "at %,d req/s", cpuRate), load.cpuDuration().plus(AT_RATE_SETTLE),
                running.backendRequests(), out)) {
            // Each CPU sample covers the second before its stamp: the first ones after the closed loop would carry the
            // saturated loop's CPU into the rate's first sub-window (measured: +30 % there). The rate settles first, unmeasured.
            keep(dir.resolve("at-rate"), "settle", atRate.offer(running.url(), running.header(), AT_RATE_SETTLE));
            offered = offer(atRate, running, load.cpuSubwindows(), dir.resolve("at-rate"), "load");
        }
        LoadResult whole = LoadResult.merge(offered.parts());
        out.printf(java.util.Locale.ROOT, "    at %,d req/s: %,.0f achieved, p99 %.2f ms, %d errors%n", cpuRate, whole.requestsPerSecond(),
                whole.latency().percentile("99"), whole.errors());
        return new AtRatePhase(rate, atRate.version(), offered, null);
    }

    /**
     * The capacity search: each step offers a constant rate for DURATION (in SUBWINDOW parts, whose
     * p99s show the spread), with FAULTS at offsets into each step, from a fraction of the warm-up's
     * closed-loop rate or at the given RATES.
     */
    private CapacityResult searchCapacity(Running running, Path dir, Warmup.Result warm) {
        Slo slo = capacity.options().slo();
        List<Double> rates = capacity.options().rates();
        double closedLoop = warm.probes().isEmpty() ? 0 : warm.probes().get(warm.probes().size() - 1);
        int[] step = { 0 };
        List<Duration> subwindows = load.subwindows();
        String[] generator = { null };
        try (StatsSampler sampler = sampler(running, dir.resolve("stats.log")).start()) {
            DoubleFunction<Point> measure = rate -> {
                step[0]++;
                LoadGenerator atRate = capacity.openModel().apply(rate);
                generator[0] = atRate.version();
                Path stepDir = dir.resolve("capacity").resolve(String.format(java.util.Locale.ROOT, "%02d-%.0f-rps", step[0], rate));
                List<LoadResult> parts = new ArrayList<>();
                Double[] stepGeneratorCpu = { 0.0 };
                LocalDateTime from = LocalDateTime.now();
                FaultSchedule faults = faults(running);
                try (Progress progress = new Progress(String.format(java.util.Locale.ROOT, "step %d: %,.0f req/s offered", step[0], rate),
                        load.duration(), running.backendRequests(), out);
                        FaultSchedule.Running injected = faults.isEmpty() ? null
                                : faults.start(running.apps().get(Service.AUTH).baseUri(), stepDir.resolve("faults.log"), out)) {
                    for (int i = 1; i <= subwindows.size(); i++) {
                        OptionalDouble childCpuBefore = ReapedChildren.cpuSeconds();
                        LoadResult part = atRate.offer(running.url(), running.header(), subwindows.get(i - 1));
                        Double cpu = cpuSince(childCpuBefore);
                        stepGeneratorCpu[0] = cpu == null || stepGeneratorCpu[0] == null ? null : stepGeneratorCpu[0] + cpu;
                        keep(stepDir, "load" + (i == 1 ? "" : "-" + i), part);
                        parts.add(part);
                    }
                }
                LocalDateTime to = LocalDateTime.now();
                Point point = Results.point(rate, parts, withGenerator(StatsLog.read(dir.resolve("stats.log")).meanCpu(from, to),
                        stepGeneratorCpu[0], LoadResult.merge(parts)));
                out.printf(java.util.Locale.ROOT, "    step %d: %,.0f req/s offered, %,.0f achieved, p99 %.2f ms, %d errors: %s%n", step[0], rate,
                        point.achievedRps(), point.p99Ms(), point.errors(), slo.metBy(point) ? "meets " + slo.text() : "misses " + slo.text());
                out.flush();
                return point;
            };
            out.printf(java.util.Locale.ROOT, "    capacity at %s: %s%n", slo.text(), rates.isEmpty()
                    ? String.format(java.util.Locale.ROOT, "searching from %,.0f req/s (a quarter of the closed loop's %,.0f)",
                            CapacitySearch.start(closedLoop), closedLoop)
                    : "at " + rates);
            CapacitySearch.Result result = rates.isEmpty() ? CapacitySearch.search(closedLoop, slo, measure) : CapacitySearch.fixed(rates, slo, measure);
            out.printf(java.util.Locale.ROOT, "    capacity at %s: %,.0f req/s%n", slo.text(), result.rpsAtSlo());
            return new CapacityResult(slo.text(), result.rpsAtSlo(), result.byRate(), Results.round(closedLoop, 1), generator[0],
                    dev.perflab.lab.load.LoadAgent.counted(capacity.agents(), result.byRate()));
        }
    }

    /** The load generator is sampled too: the CPU its process used over the sub-window, as % of one core like the others. */
    private static Map<String, Double> withGenerator(Map<String, Double> cpuPercent, Double generatorCpuSeconds, LoadResult result) {
        if (generatorCpuSeconds == null || result.durationMicros() <= 0) {
            return cpuPercent;
        }
        Map<String, Double> all = new java.util.TreeMap<>(cpuPercent);
        all.put(LOAD_GENERATOR, generatorCpuSeconds / (result.durationMicros() / 1e6) * 100);
        return all;
    }

    /** The CPU seconds the runner's children used since {@code before} (the load generator's run), or null where unknown. */
    private static Double cpuSince(OptionalDouble before) {
        OptionalDouble after = ReapedChildren.cpuSeconds();
        return before.isPresent() && after.isPresent() ? after.getAsDouble() - before.getAsDouble() : null;
    }

    /** A sub-window's figures, with each process's CPU ms per request from its mean CPU % over the sub-window. */
    static Window window(int pass, LoadResult result, Map<String, Double> cpuPercent) {
        Map<String, Double> cpuMsPerRequest = new java.util.TreeMap<>();
        if (result.requests() > 0) {
            double seconds = result.durationMicros() / 1e6;
            cpuPercent.forEach((process, percent) -> cpuMsPerRequest.put(process,
                    Results.round(percent / 100 * seconds * 1000 / result.requests(), 4)));
        }
        return new Window(pass, Results.round(result.requestsPerSecond(), 1), Results.round(result.latency().percentile("99"), 3),
                cpuMsPerRequest.isEmpty() ? null : cpuMsPerRequest);
    }

    /** The generator's raw output and summary, kept beside the result: {@code wrk.txt}, {@code wrk.json} and the latency histogram. */
    private static void keep(Path dir, String name, LoadResult result) {
        RunFolder.write(dir.resolve(name + ".txt"), result.output());
        RunFolder.write(dir.resolve(name + ".json"), result.summaryJson() + "\n");
        RunFolder.write(dir.resolve(name + ".hdr"), result.histogramBase64() + "\n");
    }

    /**
     * The same load once more with the profiler attached to the gateway: its samples name the
     * hotspots, and its req/s against the unprofiled window's is the profiler's own cost.
     */
    private Results.Profiled profiledWindow(Scenario scenario, RunningService gateway, Path dir, Running running, double without) {
        Path profileDir = dir.resolve("profile");
        ProfiledProcess process = system.compose() ? ProfiledProcess.container(Compose.containerPid(gateway.service()), LaunchSpec.currentJavaHome())
                : ProfiledProcess.local(gateway.pid(), gateway.spec().javaHome());
        GatewayProfiler profiler = GatewayProfiler.start(profile.profiler(), profile.event(), process, profileDir, out);
        LoadResult result;
        GatewayProfiler.Capture capture;
        try (Progress progress = new Progress("profile (" + profile.profiler() + ")", load.duration(), running.backendRequests(), out)) {
            result = generator.offer(running.url(), running.header(), load.duration());
        }
        finally {
            capture = profiler.stop(dir, Hotspots.Rules.load(system.root().resolve("lab/hotspots.yml")),
                    scenario.name() + " (" + (profile.profiler().equals("async") ? "async-profiler " + profile.event() : "JFR") + ")");
        }
        RunFolder.write(dir.resolve("wrk-profiled.txt"), result.output());
        out.println("    profile: " + capture.hotspots().verdict() + " (" + capture.files() + ")");
        if (capture.evidence().containsKey("event_loop_socket_reads")) {
            out.printf("    JFR: %,d socket reads on event-loop threads, %,.0f ms in all%n", capture.evidence().get("event_loop_socket_reads"),
                    ((Number) capture.evidence().get("event_loop_socket_read_ms")).doubleValue());
        }
        out.printf("    profiler cost: %,.0f req/s with it, %,.0f without (ratio %.2f)%n", result.requestsPerSecond(), without,
                without == 0 ? 0 : result.requestsPerSecond() / without);
        return new Results.Profiled(profile.profiler(), capture.hotspots(), result.requestsPerSecond(), capture.evidence());
    }

    /** The JProfiler agent, when asked for, loads with the gateway: in the container by its environment, locally as JVM options. */
    private LaunchSpec withProfilerAgent(LaunchSpec gateway) {
        if (!profile.jprofiler()) {
            return gateway;
        }
        if (system.compose()) {
            return gateway.withEnv("PROFILER", "jprofiler");
        }
        if (!ServiceLauncher.portFree(ProfileOptions.JPROFILER_PORT)) {
            throw new LabException("port " + ProfileOptions.JPROFILER_PORT + " (the JProfiler agent's) is in use: "
                    + "stop what listens there (ss -ltnp 'sport = :" + ProfileOptions.JPROFILER_PORT + "') and run again");
        }
        List<String> jvm = new ArrayList<>(gateway.jvmOptions());
        jvm.addAll(profile.gatewayJvmOptions(System.getenv()));
        return gateway.withJvmOptions(jvm);
    }

    private void announceJProfiler(Apps apps) {
        if (profile.jprofiler() && apps.find(Service.GATEWAY).isPresent()) {
            out.printf("    JProfiler: the agent listens on 127.0.0.1:%d (nowait). In the JProfiler GUI: Session > Attach > "
                    + "Attach to remote JVM, host 127.0.0.1, port %d; start recording before the measured window (%s) begins%n",
                    ProfileOptions.JPROFILER_PORT, ProfileOptions.JPROFILER_PORT, Durations.format(load.duration()));
            out.flush();
        }
    }

    /**
     * docker stats in the compose runtime (the containers are named after the services), each app's
     * Prometheus endpoint on a remote system, else the /proc sampler.
     */
    private StatsSampler sampler(Running running, Path file) {
        if (system.remote()) {
            Map<String, URI> scrapes = new LinkedHashMap<>();
            running.apps().services().forEach(app -> scrapes.put(app.service().id(), app.prometheusUri()));
            return new PrometheusStatsSampler(scrapes, file);
        }
        if (system.compose()) {
            return new DockerStatsSampler(running.apps().services().stream().map(s -> s.service().id()).toList(), file);
        }
        Map<String, List<Long>> pids = new LinkedHashMap<>();
        for (RunningService service : running.local().services()) {
            pids.put(service.service().id(), List.of(service.pid()));
        }
        pids.putAll(running.extras().pids());
        return new ProcStatsSampler(pids, file);
    }

    /** Reads every endpoint the measured window will read, and returns the apps' JIT compilation time so far (ms, summed; NaN when unknown). */
    private static double prime(Apps apps, DoubleSupplier backendRequests) {
        for (Endpoint service : labApps(apps)) {
            try {
                LabHttp.get(service.prometheusUri());
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
        try {
            // Before the first request these meters may not exist yet; the read still warms the endpoint.
            GatewayMetrics.Timings.read(apps);
            backendRequests.getAsDouble();
        }
        catch (LabException ex) {
            // nothing to prime beyond what was read
        }
        // a foreign gateway's JIT time is not known: the lab's apps' alone decides, with the probes' agreement
        double jit = 0;
        for (Endpoint service : labApps(apps)) {
            try {
                jit += new ActuatorMetrics(service.baseUri()).statistic("jvm.compilation.time", Map.of(), "COUNT");
            }
            catch (LabException ex) {
                return Double.NaN;
            }
        }
        return jit;
    }

    private static void scrape(Apps apps, Path dir, String when) {
        for (Endpoint service : apps.services()) {
            if (service.foreign()) {
                scrapeForeign(service, dir, when);
                continue;
            }
            try {
                RunFolder.write(dir.resolve("scrapes").resolve(service.service().id() + "-" + when + ".prom"),
                        LabHttp.get(service.prometheusUri()).body());
            }
            catch (IOException ex) {
                throw new LabException("cannot scrape " + service.service() + " metrics: " + ex.getMessage(), ex);
            }
        }
    }

    /** A foreign gateway's Prometheus metrics are kept when it serves them; without them nothing is written, and nothing fails. */
    private static void scrapeForeign(Endpoint gateway, Path dir, String when) {
        try {
            java.net.http.HttpResponse<String> response = LabHttp.get(gateway.uri("/actuator/prometheus"));
            if (response.statusCode() == 200) {
                RunFolder.write(dir.resolve("scrapes").resolve(gateway.service().id() + "-" + when + ".prom"), response.body());
            }
        }
        catch (IOException ex) {
            // none to keep
        }
    }

    /** The apps whose endpoints the lab knows: all but a foreign gateway. */
    private static List<Endpoint> labApps(Apps apps) {
        return apps.services().stream().<Endpoint>map(e -> e).filter(service -> !service.foreign()).toList();
    }


}
