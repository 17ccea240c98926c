package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.perflab.lab.LabException;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.profile.WindowProfiler;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.system.ReapedChildren;

/**
 * The paired ladder on this machine: one auth-service and one business-service for the
 * whole run (JVMs, or containers on the host's network: {@link Backends}), every rung a
 * {@link StartedSide} on a port of its own, one vegeta offering all of them the rate
 * round-robin, wrk for each rung alone.
 */
public final class LocalStage implements Stage {

    /**
     * vegeta's connections per target at the duets' modest rates; caps a surprise stall.
     */
    static final int MAX_CONNECTIONS = 200;

    private final LineupPlan plan;

    private final Backends backends;

    private final VegetaGenerator vegeta;

    private final WrkGenerator wrk;

    /** One connection's wrk per rung: the warm-up drives all rungs at once. */
    private final WrkGenerator burstWrk;

    private final Map<String, StartedSide> running = new LinkedHashMap<>();

    /** wrk's reading of each rung's last part alone in a warm-up, this pass. */
    private final Map<String, LoadResult> lastBursts = new ConcurrentHashMap<>();

    private LocalStage(LineupPlan plan, Backends backends, VegetaGenerator vegeta, WrkGenerator wrk) {
        this.plan = plan;
        this.backends = backends;
        this.vegeta = vegeta;
        this.wrk = wrk;
        this.burstWrk = burstWrk(plan.settings().root(), plan.timeout());
    }

    /**
     * The wrk that drives one side flat out in a warm-up, shaped as the req/s column's by
     * default ({@link LineupPlan#WARMUP_WRK_THREADS}).
     */
    static WrkGenerator burstWrk(Path root, Duration timeout) {
        return new WrkGenerator(root.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(LineupPlan.WARMUP_WRK_THREADS, LineupPlan.WARMUP_WRK_CONNECTIONS, timeout));
    }

    /**
     * The stage of a paired ladder in front of started backends (on this machine, or
     * containers on its network: {@link Stages#open}).
     */
    static LocalStage open(LineupPlan plan, Backends backends, PrintWriter out) {
        Path root = plan.settings().root();
        try {
            WrkGenerator.requireInstalled();
        }
        catch (RuntimeException ex) {
            backends.close();
            throw ex;
        }
        // a duet's two rungs, each at the plan's rate: one vegeta sends twice that (a
        // pair's closed loop: its workers, each sending when its last answer came)
        VegetaGenerator vegeta = new VegetaGenerator(root,
                plan.closedLoop()
                        ? VegetaGenerator.Load.closedLoop(2 * LineupPlan.CLOSED_LOOP_PER_SIDE, MAX_CONNECTIONS,
                                plan.timeout())
                        : new VegetaGenerator.Load(plan.ratePerSide() * 2, MAX_CONNECTIONS, plan.timeout()),
                out);
        WrkGenerator wrk = new WrkGenerator(root.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(plan.aloneThreads(), plan.aloneConnections(), plan.timeout()));
        return new LocalStage(plan, backends, vegeta, wrk);
    }

    @Override
    public void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank) {
        int[] ports = FreePorts.below(order.size());
        for (LineupPlan.Entrant entrant : order) {
            // a pair's sides are named by their knob, a ladder's by their rung
            String who = plan.pair() ? entrant.name() + "_GATEWAY=" + entrant.side().given() : "rung " + entrant.name();
            running.put(entrant.name(),
                    backends.start(plan.settings(), dir, who, entrant.side(), ports[portRank.indexOf(entrant.name())]));
        }
        running.values().forEach(StartedSide::awaitReady);
    }

    @Override
    public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
        if (schedule.size() != 2) {
            throw new IllegalArgumentException("a duet is two rungs, not " + schedule);
        }
        return offer(running, vegeta, plan.settings().header(), schedule, length);
    }

    /**
     * The sides of {@code schedule} offered a rate at once by one vegeta, round-robin in
     * that order: each side's requests, latency, CPU outside the JIT's compiler threads
     * and what its JVM counted (the JIT's share its compiler threads' CPU).
     */
    static Map<String, SideWindow> offer(Map<String, StartedSide> running, VegetaGenerator vegeta, String header,
            List<String> schedule, Duration length) {
        Map<String, StartedSide.Mark> before = new LinkedHashMap<>();
        for (String rung : schedule) {
            before.put(rung, running.get(rung).mark());
        }
        List<URI> urls = new ArrayList<>();
        schedule.forEach(rung -> urls.add(running.get(rung).url()));
        Map<URI, LoadResult> each = vegeta.offerEach(urls, header, length);
        Map<String, SideWindow> windows = new LinkedHashMap<>();
        for (String rung : schedule) {
            StartedSide side = running.get(rung);
            StartedSide.Spent spent = side.since(before.get(rung));
            windows.put(rung, SideWindow.of(each.get(side.url()), spent.requestsMs(), spent.jvm(), spent.split()));
        }
        return windows;
    }

    @Override
    public Map<String, SideWindow> burst(List<String> rungs, Duration length) {
        return burst(running, burstWrk, plan.settings().header(), rungs, length, rungs.size() == 1 ? lastBursts : null);
    }

    @Override
    public LoadResult lastBurst(String rung) {
        return lastBursts.get(rung);
    }

    /**
     * Each side of {@code rungs} flat out at once, each with its own wrk: each side's
     * requests, its CPU outside the JIT's compiler threads, and the compiler threads' CPU
     * as its JIT's share. With ten JVMs on two cores, the JIT's own wall-clock total is
     * stretched by every other thread that waits for a core, and never reads quiet; its
     * threads' CPU does.
     */
    static Map<String, SideWindow> burst(Map<String, StartedSide> running, WrkGenerator wrk, String header,
            List<String> rungs, Duration length, Map<String, LoadResult> alone) {
        Map<String, StartedSide.Mark> before = new LinkedHashMap<>();
        Map<String, URI> urls = new LinkedHashMap<>();
        for (String rung : rungs) {
            before.put(rung, running.get(rung).mark());
            urls.put(rung, running.get(rung).url());
        }
        Map<String, LoadResult> results = flatOut(urls, wrk, header, length);
        Map<String, SideWindow> windows = new LinkedHashMap<>();
        for (String rung : rungs) {
            LoadResult result = results.get(rung);
            if (alone != null) {
                alone.put(rung, result);
            }
            StartedSide side = running.get(rung);
            StartedSide.Spent spent = side.since(before.get(rung));
            JvmCounters.Reading jvm = side.counters() == null ? null
                    : new JvmCounters.Reading(0, 0, 0, 0, Math.round(spent.compilerMs()), -1, -1, Map.of());
            windows.put(rung, SideWindow.of(result, spent.requestsMs(), jvm, CpuSplit.NONE));
        }
        return windows;
    }

    /**
     * Each of {@code urls} driven flat out at once, each by its own {@code wrk}, for
     * {@code length}: wrk's reading of each, by rung (the warm-up's parts, here and on a
     * gateway host); a wrk that failed is one line.
     */
    static Map<String, LoadResult> flatOut(Map<String, URI> urls, WrkGenerator wrk, String header, Duration length) {
        Map<String, Future<LoadResult>> loads = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(urls.size());
        try {
            urls.forEach((rung, url) -> loads.put(rung, pool.submit(() -> wrk.offer(url, header, length))));
            Map<String, LoadResult> results = new LinkedHashMap<>();
            for (Map.Entry<String, Future<LoadResult>> load : loads.entrySet()) {
                results.put(load.getKey(), load.getValue().get());
            }
            return results;
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted during the warm-up", ex);
        }
        catch (ExecutionException ex) {
            throw ex.getCause() instanceof RuntimeException runtime ? runtime
                    : new LabException("wrk failed in the warm-up: " + LabException.describe(ex.getCause()), ex);
        }
        finally {
            pool.shutdownNow();
        }
    }

    /**
     * wrk's closed loop on {@code url} alone, {@code ramp} unmeasured first (a rung's, or
     * business-service's without a header).
     */
    static LoadResult alone(WrkGenerator wrk, URI url, String header, Duration ramp, Duration length) {
        if (!ramp.isZero()) {
            wrk.offer(url, header, ramp);
        }
        return wrk.offer(url, header, length);
    }

    @Override
    public LoadResult alone(String rung, Duration ramp, Duration length) {
        URI url = rung == null ? URI.create("http://127.0.0.1:" + backends.businessPort() + "/hello")
                : running.get(rung).url();
        return alone(wrk, url, rung == null ? null : plan.settings().header(), ramp, length);
    }

    @Override
    public WindowProfiler profiler(String rung, ProfilerChoice choice, PrintWriter out) {
        return running.get(rung).profiler(choice, out);
    }

    @Override
    public Shared shared() {
        double[] backendsMs = backends.cpuMillis();
        OptionalDouble generator = ReapedChildren.cpuSeconds();
        return new Shared(backendsMs[0], backendsMs[1], generator.isPresent() ? generator.getAsDouble() * 1000 : null);
    }

    @Override
    public Map<String, Integer> ports() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        running.forEach((rung, side) -> ports.put(rung, side.port()));
        return ports;
    }

    @Override
    public void stopRungs() {
        List<StartedSide> sides = new ArrayList<>(running.values());
        running.clear();
        lastBursts.clear();
        sides.forEach(StartedSide::close);
    }

    @Override
    public void close() {
        try {
            stopRungs();
        }
        finally {
            backends.close();
        }
    }

}
