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
import java.util.Random;
import java.util.function.Consumer;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunOpening;
import dev.perflab.lab.runtime.RuntimeKind;
import dev.perflab.lab.system.ReapedChildren;
import dev.perflab.lab.system.StopOnExit;
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

    /** Each side's wrk in a flat-out warm-up (WARMUP_LOAD=flat or bursts). */
    private final WrkGenerator burstWrk;

    private final ProfilerChoice profiler;

    /** Where both sides and the backends run: local or compose. */
    private final RuntimeKind runtime;

    private PairedRun(PairPlan plan, RuntimeKind runtime, PrintWriter out, Consumer<PairResult> render,
            ProfilerChoice profiler) {
        this.plan = plan;
        this.runtime = runtime;
        this.out = out;
        this.render = render;
        this.profiler = profiler;
        this.burstWrk = LocalStage.burstWrk(plan.root(), plan.timeout());
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
        return execute(plan, RuntimeKind.LOCAL, name, out, render, ProfilerChoice.NONE);
    }

    /**
     * {@link #execute}, both sides and the backends where RUNTIME says (local or
     * compose); a side the runtime cannot run is one line before anything starts.
     * @param profiler PROFILER: attached to each gateway side for the measured windows,
     * its files written into the side's folder of each pass
     */
    public static PairResult execute(PairPlan plan, RuntimeKind runtime, String name, PrintWriter out,
            Consumer<PairResult> render, ProfilerChoice profiler) {
        Stages.refuse(runtime, List.of(plan.a(), plan.b()));
        return new PairedRun(plan, runtime, out, render, profiler).execute(name);
    }

    private PairResult execute(String name) {
        RunOpening opening = new RunOpening("make compare", plan.root(), plan.results(), name, "compare", runtime.id(),
                plan.json());
        PairResult result = opening.live(out, this::execute);
        result.verdicts()
            .forEach((metric, ratio) -> out
                .println("  " + PairResult.METRIC_NAMES.get(metric) + " B/A: " + ratio.describe()));
        out.println("Comparison: " + result.dir().resolve("compare.md"));
        out.flush();
        return result;
    }

    private PairResult execute(RunFolder run) {
        if (plan.warmupLoad() != WarmUp.Load.RATE) {
            WrkGenerator.requireInstalled();
        }
        out.println("A: " + plan.a().describe());
        out.println("B: " + plan.b().describe());
        out.println("Load: " + plan.describeLoad());
        out.println(plan.expectedDuration());
        out.println(plan.resolution());
        out.flush();
        VegetaGenerator generator = new VegetaGenerator(plan.root(),
                plan.closedLoop()
                        ? VegetaGenerator.Load.closedLoop(2 * PairPlan.CLOSED_LOOP_PER_SIDE, MAX_CONNECTIONS,
                                plan.timeout())
                        : new VegetaGenerator.Load(2 * plan.ratePerSide(), MAX_CONNECTIONS, plan.timeout()),
                out);
        try (StopOnExit onExit = StopOnExit.register("pair", () -> {
            run.interrupted("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
            write(run);
        })) {
            try (Backends backends = Stages.backends(settings(), plan.authLatency(), run.dir().resolve("logs"), out)) {
                for (int pass = 1; pass <= plan.passes(); pass++) {
                    PairResult.Pass done = pass(pass, run.dir().resolve("pass-" + pass), backends, generator);
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
                run.failed(ex, LabException.describe(ex), () -> write(run));
                throw ex instanceof LabException
                        ? new LabException(ex.getMessage() + " (results so far: " + run.dir() + ")", ex) : ex;
            }
        }
        return write(run);
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

    /** Every side of this pair starts with the same settings. */
    private SideSettings settings() {
        return new SideSettings(plan.root(), plan.javaOptions(), plan.healthTimeout(), plan.route(), plan.header(),
                runtime);
    }

    private static String who(Side side) {
        return side.label() + "_GATEWAY=" + side.given();
    }

    /**
     * One pass: both sides started (in this pass's order), checked, warmed up together,
     * measured window by window, stopped.
     */
    private PairResult.Pass pass(int pass, Path dir, Backends backends, VegetaGenerator generator) {
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
        Map<String, StartedSide> running = new LinkedHashMap<>();
        try {
            for (Side side : aStartsFirst ? List.of(plan.a(), plan.b()) : List.of(plan.b(), plan.a())) {
                running.put(side.label(),
                        backends.start(settings(), dir, who(side), side, side == plan.a() ? portA : portB));
            }
            StartedSide a = running.get("A");
            StartedSide b = running.get("B");
            a.awaitReady();
            b.awaitReady();
            List<StartedSide> schedule = aFirstInSchedule ? List.of(a, b) : List.of(b, a);
            // the gateways are cold every pass; nginx needs no warming
            List<String> cold = running.keySet().stream().filter(side -> running.get(side).side().jvm()).toList();
            PairResult.Warmup warm = plan.warmUp()
                .run(parts(running, generator), cold, aFirstInSchedule ? List.of("A", "B") : List.of("B", "A"));
            out.printf(Locale.ROOT, "    warm-up (%s): %.0f s in %d parts, %s%n", warm.load().id(),
                    warm.took().toMillis() / 1000.0, warm.parts(), warm.quiet() ? "the JIT went quiet in both gateways"
                            : "WARMUP ran out before the JIT went quiet, measuring anyway");
            out.flush();
            List<PairResult.Window> windows = new ArrayList<>();
            PassProfiles profiles = new PassProfiles(profiler, label -> running.get(label).profiler(profiler, out),
                    out);
            for (Duration length : plan.windows()) {
                profiles.resume(List.of("A", "B"));
                windows.add(window(generator, schedule, a, b, backends, length));
                profiles.pause(List.of("A", "B"));
            }
            profiles.finish(pass, dir);
            return PairResult.Pass.of(pass, portA, portB, aStartsFirst ? "A" : "B", aFirstInSchedule ? "A" : "B", warm,
                    windows);
        }
        finally {
            running.values().forEach(StartedSide::close);
        }
    }

    /**
     * What the warm-up drives: both sides at the rate by the pair's vegeta, or each flat
     * out with its own wrk.
     */
    private WarmUp.Parts parts(Map<String, StartedSide> running, VegetaGenerator generator) {
        return new WarmUp.Parts() {

            @Override
            public Map<String, PairResult.SideWindow> offer(List<String> schedule, Duration length) {
                return LocalStage.offer(running, generator, plan.header(), schedule, length);
            }

            @Override
            public Map<String, PairResult.SideWindow> burst(List<String> sides, Duration length) {
                return LocalStage.burst(running, burstWrk, plan.header(), sides, length);
            }

        };
    }

    /**
     * One window of both sides at the rate together: each side's requests and latency,
     * each process's CPU, what each JVM counted.
     */
    private PairResult.Window window(VegetaGenerator generator, List<StartedSide> schedule, StartedSide a,
            StartedSide b, Backends backends, Duration length) {
        StartedSide.Mark markA = a.mark();
        StartedSide.Mark markB = b.mark();
        double[] backendsBefore = backends.cpuMillis();
        OptionalDouble generatorBefore = ReapedChildren.cpuSeconds();
        Map<URI, LoadResult> each = generator.offerEach(schedule.stream().map(StartedSide::url).toList(), plan.header(),
                length);
        StartedSide.Spent spentA = a.since(markA);
        StartedSide.Spent spentB = b.since(markB);
        double[] backendsAfter = backends.cpuMillis();
        OptionalDouble generatorAfter = ReapedChildren.cpuSeconds();
        Double generatorMs = generatorBefore.isPresent() && generatorAfter.isPresent()
                ? (generatorAfter.getAsDouble() - generatorBefore.getAsDouble()) * 1000 : null;
        return new PairResult.Window(
                PairResult.SideWindow.of(each.get(a.url()), spentA.requestsMs(), spentA.jvm(), spentA.split()),
                PairResult.SideWindow.of(each.get(b.url()), spentB.requestsMs(), spentB.jvm(), spentB.split()),
                backendsAfter[0] - backendsBefore[0], backendsAfter[1] - backendsBefore[1], generatorMs);
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
