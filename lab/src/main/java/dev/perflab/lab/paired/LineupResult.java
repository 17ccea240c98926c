package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.verdict.NoiseBudget;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Quantity;
import dev.perflab.lab.verdict.SequentialLooks;
import dev.perflab.lab.verdict.Verdict;
import dev.perflab.lab.run.WarmUp;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * What a paired ladder measured: every pass's duets and their windows, and over the
 * passes a {@link PairedRatio} per step (a rung against the gateway rung before it, in
 * the same windows) and per headline gateway against its nginx reference; the closed-loop
 * req/s of each rung driven alone, with an interval over the passes. A step's verdicts
 * are withheld when either of its rungs failed more than {@link #ERROR_LIMIT} of its
 * requests.
 */
public record LineupResult(LineupPlan plan, List<Pass> passes, List<Step> steps, List<Versus> references,
        Map<String, Alone> alone, Path dir) {

    /** A share of failed requests above which a step has no verdict, only that line. */
    static final double ERROR_LIMIT = 0.001;

    /** A step's metrics, costs first: the first whose interval excludes 1 carries it. */
    static final List<PairedMetric> STEP_METRICS = PairedMetric.CARRIERS;

    /** The metrics a gateway is read on against nginx (nginx allocates no Java bytes). */
    static final List<PairedMetric> REFERENCE_METRICS = PairedMetric.AGAINST_NGINX;

    /**
     * One duet of a pass: its two rungs, the warm-up before it (of the rungs it brought
     * in, and one part at its rate), its windows (each rung's reading by name) and each
     * rung's totals over them.
     */
    public record Duet(String a, String b, WarmUp.Result warmup, List<Map<String, SideWindow>> windows,
            List<Stage.Shared> shared, SideWindow totalA, SideWindow totalB) {

        /**
         * @param shared what auth-service, business-service and the load generator used
         * in each window
         */
        static Duet of(String a, String b, WarmUp.Result warmup, List<Map<String, SideWindow>> windows,
                List<Stage.Shared> shared) {
            return new Duet(a, b, warmup, List.copyOf(windows), List.copyOf(shared),
                    SideWindow.total(windows.stream().map(w -> w.get(a)).toList()),
                    SideWindow.total(windows.stream().map(w -> w.get(b)).toList()));
        }

        /** B / A of a reading over the duet's windows. */
        public double ratio(ToDoubleFunction<SideWindow> read) {
            return read.applyAsDouble(totalB) / read.applyAsDouble(totalA);
        }

        /** The totals of one of the duet's rungs. */
        public SideWindow total(String rung) {
            return rung.equals(a) ? totalA : rung.equals(b) ? totalB : null;
        }

        public long jitBusyWindows() {
            return windows.stream().filter(w -> w.values().stream().anyMatch(SideWindow::jitBusy)).count();
        }

    }

    /**
     * One pass: its orders, whether its chain went up the ladder, its duets in the order
     * measured, what wrk read on each rung alone, and each rung's port.
     */
    public record Pass(int pass, boolean upward, List<String> startOrder, List<String> portRank, List<String> schedule,
            List<Duet> duets, Map<String, LoadResult> alone, Map<String, Integer> ports) {

        public Pass {
            startOrder = List.copyOf(startOrder);
            portRank = List.copyOf(portRank);
            schedule = List.copyOf(schedule);
            duets = List.copyOf(duets);
        }

        /** The duet of rungs a (A) and b (B); null when this pass did not measure it. */
        public Duet duet(String a, String b) {
            return duets.stream().filter(d -> d.a().equals(a) && d.b().equals(b)).findFirst().orElse(null);
        }

        /** The pass's warm-ups together: their time and parts; quiet when all were. */
        public WarmUp.Result warmup() {
            return new WarmUp.Result(duets.stream().map(d -> d.warmup().took()).reduce(Duration.ZERO, Duration::plus),
                    duets.stream().mapToInt(d -> d.warmup().parts()).sum(),
                    duets.stream().allMatch(d -> d.warmup().quiet()),
                    duets.isEmpty() ? WarmUp.Load.FLAT : duets.get(0).warmup().load());
        }

        public long jitBusyWindows() {
            return duets.stream().mapToLong(Duet::jitBusyWindows).sum();
        }

        public long windowCount() {
            return duets.stream().mapToLong(d -> d.windows().size()).sum();
        }

        public long errors() {
            return duets.stream().mapToLong(d -> d.totalA().errors() + d.totalB().errors()).sum();
        }

    }

    /**
     * A step: rung {@code to} against the gateway rung before it, {@code from} (a pair's
     * B against its A); its verdicts, or why there are none, and FAIL_ON's outcome on
     * them (null without FAIL_ON). Jackson writes it as lab.json's step: {@code from} as
     * {@code a}, {@code to} as {@code b}, the metric that carried it, no gate.
     */
    @JsonPropertyOrder({ "a", "b", "changes", "verdicts", "carried_by", "no_verdict" })
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Step(@JsonProperty("a") String from, @JsonProperty("b") String to, String changes,
            EnumMap<PairedMetric, PairedRatio> verdicts, @JsonInclude(JsonInclude.Include.NON_NULL) String noVerdict,
            @JsonIgnore Gate gate) {

        /**
         * The first of CPU, bytes, p50 and p99 whose interval excludes 1.00; null when
         * none does.
         */
        @JsonProperty("carried_by")
        public PairedMetric carriedBy() {
            for (PairedMetric metric : STEP_METRICS) {
                PairedRatio ratio = verdicts.get(metric);
                if (ratio != null && ratio.verdict() != null && ratio.verdict() != Verdict.NO_DIFFERENCE) {
                    return metric;
                }
            }
            return null;
        }

    }

    /**
     * A gateway rung against its nginx reference, in the same windows; Jackson writes it
     * as lab.json's {@code against_nginx} entry.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Versus(String rung, String reference, EnumMap<PairedMetric, PairedRatio> ratios,
            @JsonInclude(JsonInclude.Include.NON_NULL) String noVerdict) {

    }

    static LineupResult of(LineupPlan plan, List<Pass> passes, Path dir) {
        List<Step> steps = new ArrayList<>();
        List<Versus> references = new ArrayList<>();
        for (LineupPlan.Entrant[] step : plan.steps()) {
            steps.add(step(plan, passes, step[0], step[1]));
        }
        for (LineupPlan.Duet duet : plan.duets()) {
            if (duet.reference() && !plan.pair() && !passes.isEmpty()) {
                String reference = duet.a().name();
                String gateway = duet.b().name();
                String why = why(measured(passes, reference, gateway), reference, gateway, false);
                references.add(new Versus(gateway, reference, ratios(measured(passes, reference, gateway), reference,
                        gateway, REFERENCE_METRICS, why, plan.passes()), why));
            }
        }
        Map<String, Alone> alone = new LinkedHashMap<>();
        List<String> driven = new ArrayList<>();
        passes.forEach(pass -> pass.alone().keySet().forEach(rung -> {
            if (!driven.contains(rung)) {
                driven.add(rung);
            }
        }));
        for (String rung : driven) {
            List<LoadResult> each = passes.stream()
                .map(pass -> pass.alone().get(rung))
                .filter(result -> result != null)
                .toList();
            alone.put(rung == null ? "baseline" : rung, Alone.of(each));
        }
        return new LineupResult(plan, List.copyOf(passes), steps, references, alone, dir);
    }

    /**
     * The step a → b over the passes that measured it (a pair is the smallest lineup: its
     * one step A → B): its verdicts, or why there are none, and its FAIL_ON gate.
     */
    static Step step(LineupPlan plan, List<Pass> passes, LineupPlan.Entrant a, LineupPlan.Entrant b) {
        String from = a.name();
        String to = b.name();
        // a pair's side may be nginx, which allocates no Java bytes
        boolean bytes = a.gateway() && b.gateway();
        List<Pass> measured = measured(passes, from, to);
        String why = passes.isEmpty() ? "no pass finished" : why(measured, from, to, bytes);
        EnumMap<PairedMetric, PairedRatio> verdicts = ratios(measured, from, to,
                bytes ? STEP_METRICS : REFERENCE_METRICS, why, plan.passes());
        Gate gate = Double.isNaN(plan.failOn()) ? null
                : Gate.of(from, to, plan.failOnText(), plan.failOn(), verdicts.get(Gate.GATED), why);
        return new Step(from, to, b.changes(), verdicts, why, gate);
    }

    /**
     * B/A per pass for each metric and its verdict over the passes; with {@code why} (a
     * side that failed, or measured nothing) the ratios stay but the intervals and
     * verdicts go.
     */
    private static EnumMap<PairedMetric, PairedRatio> ratios(List<Pass> passes, String a, String b,
            List<PairedMetric> metrics, String why, int planned) {
        EnumMap<PairedMetric, PairedRatio> ratios = new EnumMap<>(PairedMetric.class);
        if (why != null && why.startsWith(NOTHING) || passes.isEmpty()) {
            return ratios;
        }
        for (PairedMetric metric : metrics) {
            PairedRatio ratio = overPasses(passes, a, b, duet -> duet.ratio(metric::read), planned, metric.quantity());
            ratios.put(metric, why == null ? ratio : withoutInterval(ratio));
        }
        return ratios;
    }

    /**
     * B/A of the duet a → b in each of the passes that measured it, as {@code read} takes
     * it from a duet, and its interval over them (Stein's rule beyond {@code planned}).
     */
    static PairedRatio overPasses(List<Pass> measured, String a, String b, ToDoubleFunction<Duet> read, int planned,
            Quantity quantity) {
        List<Double> perPass = measured.stream().map(pass -> read.applyAsDouble(pass.duet(a, b))).toList();
        return SequentialLooks.ratio(perPass, measured.stream().map(Pass::upward).toList(), planned, quantity);
    }

    /**
     * A ratio kept without its interval and verdict: a side failed, or measured nothing.
     */
    private static PairedRatio withoutInterval(PairedRatio ratio) {
        return new PairedRatio(ratio.ratio(), null, null, ratio.passes(), null, ratio.perPass());
    }

    private static final String NOTHING = "a pass in which";

    /**
     * The passes that measured the duet a → b: all the planned ones, and those beyond
     * that restarted its rungs.
     */
    private static List<Pass> measured(List<Pass> passes, String a, String b) {
        return passes.stream().filter(pass -> pass.duet(a, b) != null).toList();
    }

    /**
     * Why two rungs get no verdict: one measured nothing, or failed too many requests;
     * null when both answered.
     */
    private static String why(List<Pass> passes, String a, String b, boolean bytes) {
        for (Pass pass : passes) {
            Duet duet = pass.duet(a, b);
            for (String rung : List.of(a, b)) {
                SideWindow side = duet == null ? null : duet.total(rung);
                if (side == null || side.answered() == 0 || side.cpuMs() <= 0 || side.p50Ms() <= 0
                        || bytes && !(side.bytesPerRequest() > 0)) {
                    return NOTHING + " " + rung + " answered no request or used no CPU (pass " + pass.pass()
                            + "): no ratio";
                }
            }
        }
        for (String rung : List.of(a, b)) {
            long requests = passes.stream().mapToLong(p -> p.duet(a, b).total(rung).requests()).sum();
            long errors = passes.stream().mapToLong(p -> p.duet(a, b).total(rung).errors()).sum();
            if (errors > ERROR_LIMIT * requests) {
                return String.format(Locale.ROOT,
                        "%s failed %d of %d requests (%.2f %%, more than %.1f %%): no verdict", rung, errors, requests,
                        100.0 * errors / requests, ERROR_LIMIT * 100);
            }
        }
        return null;
    }

    /** A pair's one step, A → B: a pair is the smallest lineup. */
    public Step pairStep() {
        return steps.get(0);
    }

    /** Mean CPU ms per request of a rung of the duet a → b over the passes. */
    public double meanCpuMsPerRequest(String a, String b, String rung) {
        return mean(a, b, rung, PairedMetric.CPU);
    }

    /** Mean bytes allocated per request of a rung of the duet a → b (NaN for nginx). */
    public double meanBytesPerRequest(String a, String b, String rung) {
        return mean(a, b, rung, PairedMetric.BYTES);
    }

    private double mean(String a, String b, String rung, PairedMetric metric) {
        return passes.stream()
            .map(p -> p.duet(a, b))
            .filter(d -> d != null)
            .mapToDouble(d -> metric.read(d.total(rung)))
            .average()
            .orElse(Double.NaN);
    }

    /**
     * The headline pairs: the last gateway rung that calls auth-service on every request
     * against nginx, and the last that caches against nginx-cached (or nginx).
     */
    public List<Versus> headline() {
        List<Versus> headline = new ArrayList<>();
        for (boolean caches : List.of(false, true)) {
            List<LineupPlan.Entrant> gateways = plan.gateways().stream().filter(g -> g.caches() == caches).toList();
            if (!gateways.isEmpty()) {
                String rung = gateways.get(gateways.size() - 1).name();
                references.stream().filter(v -> v.rung().equals(rung)).findFirst().ifPresent(headline::add);
            }
        }
        return headline;
    }

    /**
     * Where the noise of the duet a → b lies for a metric; null with fewer than two
     * passes of two windows.
     */
    public NoiseBudget noise(String a, String b, PairedMetric metric) {
        return DuetNoise.of(passes, a, b, metric);
    }

    /**
     * The run's young collections, spread at each gateway's rate ({@link GcSpread}): what
     * CPU per request reads without the chance of where they fell.
     */
    public GcSpread gcSpread() {
        return GcSpread.of(passes);
    }

    /**
     * The duet a → b's CPU ratio with each gateway's collections spread as the run's
     * {@code spread} reads them; null where a pass measured nothing on a side.
     */
    PairedRatio gcSpreadRatio(GcSpread spread, String a, String b) {
        PairedRatio ratio = spread.ratio(measured(passes, a, b), a, b, plan.passes());
        // a step or reference without a verdict (a side failed) keeps its ratio, not its
        // interval, as its raw ratios do
        String why = null;
        for (Step step : steps) {
            if (step.from().equals(a) && step.to().equals(b)) {
                why = step.noVerdict();
            }
        }
        for (Versus versus : references) {
            if (versus.reference().equals(a) && versus.rung().equals(b)) {
                why = versus.noVerdict();
            }
        }
        return ratio == null || why == null ? ratio : withoutInterval(ratio);
    }

    /** The time every pass took to warm up, in seconds. */
    List<Double> warmups() {
        return passes.stream().map(p -> p.warmup().took()).map(Duration::toMillis).map(ms -> ms / 1000.0).toList();
    }

    /** lab.json: the plan, the steps and references, the noise, and every pass. */
    public LabJson json() {
        return LabJson.of(this);
    }

}
