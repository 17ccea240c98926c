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
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunInfo;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.stats.ProcessCpu;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.ReapedChildren;
import dev.perflab.lab.system.RunLock;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.system.StopOnExit;
import dev.perflab.lab.targets.NginxProcess;
import java.util.Collections;
import java.util.Locale;

/**
 * A paired comparison: gateways A and B run at the same time, on two ports, in front of
 * one auth-service and one business-service, and one vegeta offers both the same rate
 * round-robin, so each side's requests are sent in the same seconds. Whatever the machine
 * does in those seconds it does to both, and their ratio keeps little of it. Every pass
 * restarts both gateways, in a random order of start, port and schedule; pair.json and
 * compare.md are rewritten after every pass, so a failure or Ctrl-C keeps every pass that
 * finished.
 */
public final class PairedRun {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    /**
     * vegeta's connections per target at the pair's modest rates; caps a surprise stall.
     */
    static final int MAX_CONNECTIONS = 200;

    private final PairPlan plan;

    private final PrintWriter out;

    private final List<PairResult.Pass> passes = new ArrayList<>();

    /**
     * Per pass: whether A gets the first port, starts first, comes first in vegeta's
     * round-robin. Each is A in half the passes (one more for an odd count), in an order
     * shuffled with the seed: a balanced design, so that an advantage of starting or
     * sending first falls on both sides alike.
     */
    private final List<Boolean> aOnFirstPort;

    private final List<Boolean> aStartsFirst;

    private final List<Boolean> aFirstInSchedule;

    private final Consumer<PairResult> render;

    private PairedRun(PairPlan plan, PrintWriter out, Consumer<PairResult> render) {
        this.plan = plan;
        this.out = out;
        this.render = render;
        Random random = new Random(plan.seed());
        this.aOnFirstPort = balanced(plan.passes(), random);
        this.aStartsFirst = balanced(plan.passes(), random);
        this.aFirstInSchedule = balanced(plan.passes(), random);
    }

    /**
     * Runs the plan into a new results folder; returns the result, with the folder it was
     * written to.
     * @param render writes the caller's report from the result so far, after every pass
     * and on a failure or Ctrl-C
     */
    public static PairResult execute(PairPlan plan, PrintWriter out, Consumer<PairResult> render) {
        return execute(plan, "pair", out, render);
    }

    /**
     * @param name the results folder's name after its time stamp
     */
    public static PairResult execute(PairPlan plan, String name, PrintWriter out, Consumer<PairResult> render) {
        return new PairedRun(plan, out, render).execute(name);
    }

    private PairResult execute(String name) {
        try (RunLock lock = RunLock.acquire("make compare")) {
            VegetaInstaller.ensure(plan.root(), out);
            PidFiles.children().stopLeftovers(STOP_GRACE).forEach(out::println);
            RunFolder run = RunFolder.create(plan.results(), name);
            lock.describe("make compare, " + run.dir());
            return execute(run);
        }
    }

    private PairResult execute(RunFolder run) {
        run.writeJson("run.json", RunInfo.describe(plan.root(), "compare", "local", plan.json()));
        out.println("Results: " + run.dir());
        out.println("A: " + plan.a().describe());
        out.println("B: " + plan.b().describe());
        out.println("Load: " + plan.describeLoad());
        out.println(plan.expectedDuration());
        out.flush();
        int[] ports = FreePorts.below(2);
        VegetaGenerator generator = new VegetaGenerator(plan.root(),
                plan.closedLoop()
                        ? VegetaGenerator.Load.closedLoop(2 * PairPlan.CLOSED_LOOP_PER_SIDE, MAX_CONNECTIONS,
                                plan.timeout())
                        : new VegetaGenerator.Load(2 * plan.ratePerSide(), MAX_CONNECTIONS, plan.timeout()),
                out);
        try (StopOnExit onExit = StopOnExit.register("pair", () -> {
            run.error("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
            write(run);
        })) {
            try (LabSystem backends = LabSystem.start(new ServiceLauncher(plan.root(), run.dir().resolve("logs")),
                    List.of(spec(Service.BUSINESS, ports[0]),
                            spec(Service.AUTH, ports[1]).withEnv("AUTH_LATENCY", plan.authLatency())),
                    plan.healthTimeout())) {
                for (int pass = 1; pass <= plan.passes(); pass++) {
                    PairResult.Pass done = pass(pass, run.dir().resolve("pass-" + pass), backends, ports, generator);
                    synchronized (passes) {
                        passes.add(done);
                    }
                    write(run);
                    out.printf(Locale.ROOT, "    pass %d: CPU per request B/A %.3f, p50 B/A %.3f, p99 B/A %.3f%n", pass,
                            done.ratio().cpuMsPerRequest(), done.ratio().p50(), done.ratio().p99());
                    out.flush();
                }
            }
            catch (RuntimeException ex) {
                run.error(LabException.describe(ex));
                write(run);
                throw ex instanceof LabException
                        ? new LabException(ex.getMessage() + " (results so far: " + run.dir() + ")", ex) : ex;
            }
        }
        PairResult result = write(run);
        result.verdicts()
            .forEach((metric, ratio) -> out
                .println("  " + PairResult.METRIC_NAMES.get(metric) + " B/A: " + ratio.describe()));
        out.println("Comparison: " + run.resolve("compare.md"));
        out.flush();
        return result;
    }

    /** pair.json from the passes so far, and the caller's report from it. */
    private PairResult write(RunFolder run) {
        List<PairResult.Pass> sofar;
        synchronized (passes) {
            sofar = List.copyOf(passes);
        }
        PairResult result = PairResult.of(plan, sofar, run.dir());
        run.writeJson("pair.json", result.json());
        render.accept(result);
        return result;
    }

    private LaunchSpec spec(Service service, int port) {
        List<String> jvm = new ArrayList<>(plan.javaOptions());
        return LaunchSpec.of(service).withPort(port).withJvmOptions(jvm);
    }

    /**
     * The lab's gateway finds the backends by host name, as its own defaults do (an IP
     * literal costs it a formatted address about ten times per request, in JVMs whose JIT
     * left a StringBuilder there: see the gateway's application.yml); a foreign gateway
     * gets the addresses it gets everywhere else.
     */
    private static String backendHost(Side side) {
        return side.foreign() != null ? "127.0.0.1" : "localhost";
    }

    private LaunchSpec gatewaySpec(Side side, int port, int[] ports) {
        List<String> jvm = new ArrayList<>(plan.javaOptions());
        jvm.addAll(side.javaOptions());
        LaunchSpec spec = LaunchSpec.of(Service.GATEWAY)
            .withPort(port)
            .withJvmOptions(jvm)
            .withEnv("BUSINESS_URL", "http://" + backendHost(side) + ":" + ports[0])
            .withEnv("AUTH_URL", "http://" + backendHost(side) + ":" + ports[1]);
        if (side.javaHome() != null) {
            spec = spec.withJavaHome(side.javaHome());
        }
        return side.foreign() != null ? spec.withForeign(side.foreign()) : spec.withProfiles(side.profiles());
    }

    /**
     * One side as it runs in a pass: the process whose CPU is its cost (a gateway's JVM;
     * nginx's master, with every process under it), its log, and how it stops.
     */
    private record Running(List<Long> pids, Path log, RunningService gateway, NginxProcess nginx) {

        void close() {
            if (gateway != null) {
                gateway.child().stop(STOP_GRACE);
            }
            else {
                nginx.close();
            }
        }
    }

    /**
     * Starts a side on its port: a gateway without waiting (both start at once and are
     * awaited after), nginx until it routes a request with the token.
     */
    private Running start(Path dir, Side side, int port, int[] ports) {
        if (side.jvm()) {
            RunningService gateway = launcher(dir, side).start(gatewaySpec(side, port, ports));
            return new Running(List.of(gateway.pid()), gateway.log(), gateway, null);
        }
        Path prefix = dir.resolve(side.label().toLowerCase(Locale.ROOT)).resolve("nginx");
        NginxProcess nginx = NginxProcess.start(side.nginx(), prefix, port, ports[0], ports[1], plan.token());
        return new Running(List.of(nginx.pid()), prefix.resolve("nginx-error.log"), null, nginx);
    }

    /**
     * One pass: both sides started (in this pass's order), checked, warmed up together,
     * measured window by window, stopped.
     */
    private PairResult.Pass pass(int pass, Path dir, LabSystem backends, int[] ports, VegetaGenerator generator) {
        boolean aOnFirstPort = this.aOnFirstPort.get(pass - 1);
        boolean aStartsFirst = this.aStartsFirst.get(pass - 1);
        boolean aFirstInSchedule = this.aFirstInSchedule.get(pass - 1);
        // chosen afresh each pass, just before the gateways bind them
        int[] gatewayPorts = FreePorts.below(2);
        int portA = aOnFirstPort ? gatewayPorts[0] : gatewayPorts[1];
        int portB = aOnFirstPort ? gatewayPorts[1] : gatewayPorts[0];
        out.printf("  [%d/%d] pass %d: A on port %d, B on %d, %s started first, %s first in the schedule%n", pass,
                plan.passes(), pass, portA, portB, aStartsFirst ? "A" : "B", aFirstInSchedule ? "A" : "B");
        out.flush();
        Map<String, Running> running = new LinkedHashMap<>();
        try {
            for (Side side : aStartsFirst ? List.of(plan.a(), plan.b()) : List.of(plan.b(), plan.a())) {
                running.put(side.label(), start(dir, side, side == plan.a() ? portA : portB, ports));
            }
            for (Side side : List.of(plan.a(), plan.b())) {
                if (side.jvm()) {
                    launcher(dir, side).awaitHealthy(running.get(side.label()).gateway(), plan.healthTimeout());
                }
            }
            URI a = URI.create("http://127.0.0.1:" + portA + plan.route());
            URI b = URI.create("http://127.0.0.1:" + portB + plan.route());
            answers(plan.a(), a);
            answers(plan.b(), b);
            List<URI> schedule = aFirstInSchedule ? List.of(a, b) : List.of(b, a);
            List<PairResult.Window> windows = new ArrayList<>();
            List<List<Long>> pids = List.of(running.get("A").pids(), running.get("B").pids(),
                    List.of(backends.get(Service.AUTH).pid()), List.of(backends.get(Service.BUSINESS).pid()));
            PairResult.Warmup warm;
            try (JvmCounters countersA = counters(plan.a(), pids.get(0));
                    JvmCounters countersB = counters(plan.b(), pids.get(1))) {
                warm = warmUp(generator, schedule, pids, running, countersA, countersB);
                out.printf(Locale.ROOT, "    warm-up: %.0f s in %d parts, %s%n", warm.took().toMillis() / 1000.0,
                        warm.parts(), warm.quiet() ? "the JIT went quiet in both gateways"
                                : "WARMUP ran out before the JIT went quiet, measuring anyway");
                out.flush();
                for (Duration length : plan.windows()) {
                    windows.add(window(generator, schedule, a, b, length, pids, running, countersA, countersB));
                }
            }
            return PairResult.Pass.of(pass, portA, portB, aStartsFirst ? "A" : "B", aFirstInSchedule ? "A" : "B", warm,
                    windows);
        }
        finally {
            running.values().forEach(Running::close);
        }
    }

    /** A JVM side's counters; null for nginx, which has none. */
    private static JvmCounters counters(Side side, List<Long> pids) {
        return side.jvm() ? JvmCounters.attach(pids.get(0), "gateway " + side.label()) : null;
    }

    private static JvmCounters.Snapshot snapshot(JvmCounters counters) {
        return counters == null ? null : counters.read();
    }

    private static long jitMillis(JvmCounters counters) {
        return counters == null ? 0 : counters.jitMillis();
    }

    /**
     * One window of both sides at the rate together: each side's requests and latency,
     * each process's CPU, what each JVM counted.
     */
    private PairResult.Window window(VegetaGenerator generator, List<URI> schedule, URI a, URI b, Duration length,
            List<List<Long>> pids, Map<String, Running> running, JvmCounters countersA, JvmCounters countersB) {
        JvmCounters.Snapshot jvmA = snapshot(countersA);
        JvmCounters.Snapshot jvmB = snapshot(countersB);
        double[] before = cpu(pids, running);
        OptionalDouble generatorBefore = ReapedChildren.cpuSeconds();
        Map<URI, LoadResult> each = generator.offerEach(schedule, plan.header(), length);
        double[] after = cpu(pids, running);
        OptionalDouble generatorAfter = ReapedChildren.cpuSeconds();
        JvmCounters.Reading spentA = countersA == null ? null : countersA.read().since(jvmA);
        JvmCounters.Reading spentB = countersB == null ? null : countersB.read().since(jvmB);
        Double generatorMs = generatorBefore.isPresent() && generatorAfter.isPresent()
                ? (generatorAfter.getAsDouble() - generatorBefore.getAsDouble()) * 1000 : null;
        return new PairResult.Window(PairResult.SideWindow.of(each.get(a), after[0] - before[0], spentA),
                PairResult.SideWindow.of(each.get(b), after[1] - before[1], spentB), after[2] - before[2],
                after[3] - before[3], generatorMs);
    }

    /**
     * Both sides at the rate together, in WARMUP_PROBE parts, until neither JVM's JIT
     * compiled for more than 1 % of its CPU in the last part (its code has stopped
     * changing), or WARMUP is spent.
     */
    private PairResult.Warmup warmUp(VegetaGenerator generator, List<URI> schedule, List<List<Long>> pids,
            Map<String, Running> running, JvmCounters countersA, JvmCounters countersB) {
        long started = System.nanoTime();
        Duration spent = Duration.ZERO;
        int parts = 0;
        while (spent.compareTo(plan.warmup()) < 0) {
            Duration part = plan.warmupProbe().compareTo(plan.warmup().minus(spent)) < 0 ? plan.warmupProbe()
                    : plan.warmup().minus(spent);
            long jitA = jitMillis(countersA);
            long jitB = jitMillis(countersB);
            double[] before = cpu(pids, running);
            generator.offerEach(schedule, plan.header(), part);
            double[] after = cpu(pids, running);
            long compiledA = jitMillis(countersA) - jitA;
            long compiledB = jitMillis(countersB) - jitB;
            spent = spent.plus(part);
            parts++;
            if (compiledA <= QUIET_JIT * (after[0] - before[0]) && compiledB <= QUIET_JIT * (after[1] - before[1])) {
                return new PairResult.Warmup(Duration.ofNanos(System.nanoTime() - started), parts, true);
            }
        }
        return new PairResult.Warmup(Duration.ofNanos(System.nanoTime() - started), parts, plan.warmup().isZero());
    }

    /** The JIT is quiet when it compiled for at most this share of the process's CPU. */
    static final double QUIET_JIT = 0.01;

    private ServiceLauncher launcher(Path dir, Side side) {
        return new ServiceLauncher(plan.root(), dir.resolve(side.label().toLowerCase(Locale.ROOT)).resolve("logs"));
    }

    /**
     * One request through a side's gateway must answer 2xx before it is measured: a side
     * that refuses every request costs nothing.
     */
    private void answers(Side side, URI url) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (plan.header() != null) {
            int colon = plan.header().indexOf(':');
            headers.put(plan.header().substring(0, colon).trim(), plan.header().substring(colon + 1).trim());
        }
        try {
            HttpResponse<String> response = LabHttp.get(url, headers);
            if (response.statusCode() < 200 || response.statusCode() > 299) {
                throw new LabException(side.label() + "_GATEWAY=" + side.given() + " answered " + response.statusCode()
                        + " on ROUTE=" + plan.route() + ": a side must answer 2xx to be measured");
            }
        }
        catch (IOException ex) {
            throw new LabException(side.label() + "_GATEWAY=" + side.given() + " did not answer on " + url + ": "
                    + LabException.describe(ex));
        }
    }

    /**
     * Each side's CPU ms so far (A, B, auth-service, business-service); nginx's with
     * every process under its master (its workers, and helpers that come and go); one
     * that ended is one line naming its log.
     */
    private static double[] cpu(List<List<Long>> pids, Map<String, Running> sides) {
        double[] ms = new double[pids.size()];
        for (int i = 0; i < pids.size(); i++) {
            boolean tree = i < 2 && sides.get(i == 0 ? "A" : "B").nginx() != null;
            for (long pid : pids.get(i)) {
                OptionalDouble read = tree ? ProcessCpu.treeMillis(pid) : ProcessCpu.millis(pid);
                if (read.isEmpty()) {
                    String who = i == 0 ? "side A" : i == 1 ? "side B" : i == 2 ? "auth-service" : "business-service";
                    String log = i < 2 ? " (see its log: " + sides.get(i == 0 ? "A" : "B").log() + ")" : "";
                    throw new LabException(who + " (pid " + pid + ") ended during the measurement" + log);
                }
                ms[i] += read.getAsDouble();
            }
        }
        return ms;
    }

    /**
     * {@code count} booleans, true in half of them (the odd one decided by the seed),
     * shuffled.
     */
    static List<Boolean> balanced(int count, Random random) {
        List<Boolean> values = new ArrayList<>();
        boolean odd = random.nextBoolean();
        for (int i = 0; i < count; i++) {
            values.add(i < count / 2 || (i == count - 1 && count % 2 == 1 && odd));
        }
        Collections.shuffle(values, random);
        return values;
    }

}
