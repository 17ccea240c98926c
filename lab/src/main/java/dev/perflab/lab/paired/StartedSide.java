package dev.perflab.lab.paired;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.profile.WindowProfiler;
import dev.perflab.lab.stats.DockerStatsSampler;
import dev.perflab.lab.stats.JitSplit;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.stats.ProcStatsSampler;
import dev.perflab.lab.stats.ProcessCpu;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.HostContainers;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.targets.NginxProcess;

/**
 * One side as it runs in a pass of a paired measurement (make compare's A or B, a rung of
 * the paired make lab): the one way every paired command starts a side, waits for it,
 * reads its CPU and JVM counters, and stops it. A gateway is a JVM whose CPU is its own;
 * nginx is its master with every process under it (workers, and helpers that come and
 * go). On RUNTIME=compose a gateway is a container on the host's network, its CPU that of
 * the container's cgroup and its stats.log docker stats'.
 */
final class StartedSide implements AutoCloseable {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final SideSettings settings;

    private final String who;

    private final Side side;

    private final int port;

    private final Path log;

    private final RunningService gateway;

    private final ServiceLauncher launcher;

    private final NginxProcess nginx;

    private JvmCounters counters;

    /**
     * The side's docker-stats log of this pass, from /proc once a second; null until
     * ready.
     */
    private StatsSampler stats;

    private final Path own;

    /** The gateway's container on RUNTIME=compose, else null. */
    private final String container;

    /** The pid of the container's JVM as this machine sees it, once ready; 0 before. */
    private long containerPid;

    private StartedSide(SideSettings settings, String who, Side side, int port, Path own, Path log,
            RunningService gateway, ServiceLauncher launcher, NginxProcess nginx, String container) {
        this.container = container;
        this.settings = settings;
        this.own = own;
        this.who = who;
        this.side = side;
        this.port = port;
        this.log = log;
        this.gateway = gateway;
        this.launcher = launcher;
        this.nginx = nginx;
    }

    /**
     * Starts a side on its port in front of the given backends: a gateway without waiting
     * (the sides of a pass start at once and are awaited after), nginx until it routes a
     * request with the token.
     * @param who the side as errors name it: "A_GATEWAY=reactive", "rung log-quiet"
     * @param dir the pass's folder: the side's logs go into a folder of its own there
     */
    static StartedSide start(SideSettings settings, Path dir, String who, Side side, int port, int businessPort,
            int authPort) {
        Path own = dir.resolve(side.label().toLowerCase(Locale.ROOT));
        if (!(side.kind() instanceof Side.Nginx reference)) {
            ServiceLauncher launcher = new ServiceLauncher(settings.root(), own.resolve("logs"));
            RunningService gateway = launcher.start(gatewaySpec(settings, side, port, businessPort, authPort));
            return new StartedSide(settings, who, side, port, own, gateway.log(), gateway, launcher, null, null);
        }
        Path prefix = own.resolve("nginx");
        NginxProcess nginx = NginxProcess.start(reference.config(), prefix, port, businessPort, authPort,
                settings.token());
        return new StartedSide(settings, who, side, port, own, prefix.resolve("nginx-error.log"), null, null, nginx,
                null);
    }

    /**
     * {@link #start}, a gateway as a container on the host's network (RUNTIME=compose);
     * nginx runs on this machine as it does locally, there being no nginx image.
     */
    static StartedSide inContainer(HostContainers containers, SideSettings settings, Path dir, String who, Side side,
            int port, int businessPort, int authPort) {
        if (side.kind() instanceof Side.Nginx) {
            return start(settings, dir, who, side, port, businessPort, authPort);
        }
        Path own = dir.resolve(side.label().toLowerCase(Locale.ROOT));
        ServiceLauncher launcher = new ServiceLauncher(settings.root(), own.resolve("logs"));
        RunningService gateway = containers.start(gatewaySpec(settings, side, port, businessPort, authPort),
                own.resolve("logs"));
        return new StartedSide(settings, who, side, port, own, gateway.log(), gateway, launcher, null,
                HostContainers.name(Service.GATEWAY, port));
    }

    /**
     * The lab's gateway finds the backends by host name, as its own defaults do (an IP
     * literal costs it a formatted address about ten times per request, in JVMs whose JIT
     * left a StringBuilder there: see the gateway's application.yml); a foreign gateway
     * gets the addresses it gets everywhere else.
     */
    private static LaunchSpec gatewaySpec(SideSettings settings, Side side, int port, int businessPort, int authPort) {
        boolean own = side.kind() instanceof Side.OwnJar || side.kind() instanceof Side.OwnImage;
        String host = own ? "127.0.0.1" : "localhost";
        List<String> jvm = new ArrayList<>(settings.javaOptions());
        jvm.addAll(side.javaOptions());
        LaunchSpec spec = LaunchSpec.of(Service.GATEWAY)
            .withPort(port)
            .withJvmOptions(jvm)
            .withEnv("BUSINESS_URL", "http://" + host + ":" + businessPort)
            .withEnv("AUTH_URL", "http://" + host + ":" + authPort);
        if (side.javaHome() != null) {
            spec = spec.withJavaHome(side.javaHome());
        }
        if (side.kind() instanceof Side.OwnJar jar) {
            return spec.withForeign(jar.gateway());
        }
        if (side.kind() instanceof Side.OwnImage image) {
            return spec.withForeign(image.gateway());
        }
        Side.LabGateway lab = (Side.LabGateway) side.kind();
        return (lab.build() == null ? spec : spec.withForeign(lab.build())).withProfiles(lab.profiles());
    }

    /**
     * Waits until a gateway is healthy, then sends one request through the side: it must
     * answer 2xx before it is measured (a side that refuses every request costs nothing);
     * then attaches to a JVM's counters.
     */
    void awaitReady() {
        if (gateway != null) {
            launcher.awaitHealthy(gateway, settings.healthTimeout());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (settings.header() != null) {
            int colon = settings.header().indexOf(':');
            headers.put(settings.header().substring(0, colon).trim(), settings.header().substring(colon + 1).trim());
        }
        try {
            HttpResponse<String> response = LabHttp.get(url(), headers);
            if (response.statusCode() < 200 || response.statusCode() > 299) {
                throw new LabException(who + " answered " + response.statusCode() + " on ROUTE=" + settings.route()
                        + ": a side must answer 2xx to be measured");
            }
        }
        catch (IOException ex) {
            throw new LabException(who + " did not answer on " + url() + ": " + LabException.describe(ex));
        }
        if (container != null) {
            containerPid = HostContainers.pid(container);
            counters = JvmCounters.attach(containerPid, "gateway " + side.label() + " (container " + container + ")");
            stats = DockerStatsSampler.onHostNetwork(Map.of(container, containerPid), own.resolve("stats.log")).start();
            return;
        }
        if (gateway != null) {
            counters = JvmCounters.attach(gateway.pid(), "gateway " + side.label());
        }
        List<Long> pids = new ArrayList<>(List.of(pid()));
        ProcessHandle.of(pid()).ifPresent(process -> process.descendants().forEach(child -> pids.add(child.pid())));
        stats = new ProcStatsSampler(Map.of(side.label(), pids), own.resolve("stats.log")).start();
    }

    /**
     * The chosen profiler attached to this side's JVM, its files going into the side's
     * folder; null for nginx, which is no JVM. A container's JVM is reached from here as
     * the host sees it (its pid, its files under /proc/&lt;pid&gt;/root), with this lab's
     * JDK: async-profiler's library copied into the container, JFR by this JDK's jcmd.
     */
    WindowProfiler profiler(ProfilerChoice choice, PrintWriter out) {
        if (gateway == null) {
            return null;
        }
        ProfiledProcess target = container != null
                ? ProfiledProcess.container(containerPid, LaunchSpec.currentJavaHome())
                : ProfiledProcess.local(gateway.pid(), gateway.spec().javaHome());
        return WindowProfiler.attach(choice.kind(), choice.event(), target, own, out);
    }

    /** The URL the load sends to. */
    URI url() {
        return URI.create("http://127.0.0.1:" + port + settings.route());
    }

    Side side() {
        return side;
    }

    int port() {
        return port;
    }

    /** The JVM's counters once ready; null for nginx, which has none. */
    JvmCounters counters() {
        return counters;
    }

    /**
     * Where a side's clocks stand: its JVM's counters (null for nginx), and its CPU as
     * {@link JitSplit} marks it, the whole side's as {@link #clock()} reads it.
     */
    record Mark(JvmCounters.Snapshot counters, JitSplit.Mark cpu) {
    }

    /**
     * What a side spent since a mark: CPU outside the JIT's compiler threads and in them,
     * and what its JVM counted (null for nginx), the JIT's share being its compiler
     * threads' CPU; beside them its collector's threads' CPU ({@code gcMs}) and the whole
     * side's outside the JIT as {@code clock} reads it ({@code processMs}: clock ticks
     * locally, cgroup nanoseconds in a container), NaN where not read.
     */
    record Spent(double requestsMs, double compilerMs, JvmCounters.Reading jvm, double gcMs, double processMs,
            ProcessClock clock) {

        /** The split a side's window records, its second reading named for its clock. */
        CpuSplit split() {
            return new CpuSplit(gcMs, processMs, clock == ProcessClock.CGROUP_NANOS ? CpuSplit.CGROUP : CpuSplit.TICKS);
        }

    }

    /** The side's clocks now; a side that ended is one line naming its log. */
    Mark mark() {
        JvmCounters.Snapshot snapshot = counters == null ? null : counters.read();
        return new Mark(snapshot, JitSplit.mark(pid(), cpuMillis(), gateway != null));
    }

    /**
     * What a side spent since a mark, the JIT's compiler threads apart
     * ({@link JitSplit}); in a container the CPU outside them is its cgroup's less
     * theirs.
     */
    Spent since(Mark mark) {
        JitSplit.Spent spent = JitSplit.since(mark.cpu(), pid(), cpuMillis(), gateway != null, container != null);
        JvmCounters.Reading jvm = mark.counters() == null ? null
                : counters.read().since(mark.counters()).withJitMillis(Math.round(spent.compilerMs()));
        return new Spent(spent.requestsMs(), spent.compilerMs(), jvm, spent.gcMs(), spent.processMs(), clock());
    }

    private long pid() {
        if (container != null) {
            return containerPid;
        }
        return gateway != null ? gateway.pid() : nginx.pid();
    }

    /** How this side's whole CPU is read: a container's cgroup, else /proc's ticks. */
    ProcessClock clock() {
        return container != null ? ProcessClock.CGROUP_NANOS : ProcessClock.PROC_STAT_TICKS;
    }

    /**
     * The whole side's CPU ms so far, as {@link #clock()} reads it; a side that ended is
     * one line naming its log.
     */
    double cpuMillis() {
        long pid = pid();
        OptionalDouble read;
        if (container != null) {
            OptionalLong nanos = HostContainers.cgroupCpuNanos(pid);
            read = nanos.isPresent() ? OptionalDouble.of(nanos.getAsLong() / 1e6) : OptionalDouble.empty();
        }
        else {
            read = gateway != null ? ProcessCpu.millis(pid) : ProcessCpu.treeMillis(pid);
        }
        if (read.isEmpty()) {
            throw new LabException(who + " (pid " + pid + ") ended during the measurement (see its log: " + log + ")");
        }
        return read.getAsDouble();
    }

    @Override
    public void close() {
        if (stats != null) {
            stats.close();
            stats = null;
        }
        if (counters != null) {
            counters.close();
            counters = null;
        }
        if (gateway != null) {
            gateway.child().stop(STOP_GRACE);
            if (container != null) {
                HostContainers.remove(container);
            }
        }
        else {
            nginx.close();
        }
    }

}
