package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.PairedRatio;
import java.time.Duration;
import java.util.Locale;

/**
 * What a paired comparison measured: every window of every pass for both sides, each
 * pass's ratio B/A, and over the passes a {@link PairedRatio} per metric with its
 * verdict; the FAIL_ON gate on CPU per request. Verdicts are withheld when either side
 * failed more than {@link #ERROR_LIMIT} of its requests: a gateway that answers errors
 * quickly is not cheaper.
 */
public record PairResult(LineupPlan plan, List<Pass> passes, Map<PairedMetric, PairedRatio> verdicts, String noVerdict,
        Gate gate, Path dir) {

    /** A share of failed requests above which a side has no verdict, only that line. */
    static final double ERROR_LIMIT = 0.001;

    /** The metric FAIL_ON gates: the cost the lab is about, which noise moves least. */
    static final PairedMetric GATED = PairedMetric.CPU;

    /**
     * A side's CPU in a window beside what its cost is read from: its collector's threads
     * (part of the cost, shown apart: a collection is a lump in one window), and the
     * process's CPU outside the JIT as a second reading, kept to compare the two
     * readings' spread: in the 10 ms clock ticks of /proc/<pid>/stat on this machine
     * ({@code cpu_ms_ticks}), from the container's cgroup counter in nanoseconds on
     * RUNTIME=compose ({@code cpu_ms_cgroup}); NaN where not read.
     *
     * @param processKey the JSON name of the second reading, which says what it is
     */
    public record CpuSplit(double gcMs, double processMs, String processKey) {

        /** The second reading in clock ticks of /proc/<pid>/stat. */
        public static final String TICKS = "cpu_ms_ticks";

        /** The second reading from a container's cgroup, in nanoseconds. */
        public static final String CGROUP = "cpu_ms_cgroup";

        public static final CpuSplit NONE = new CpuSplit(Double.NaN, Double.NaN, TICKS);

    }

    /**
     * One side in one window: its requests and errors, the CPU its processes used, its
     * latency from the intended send time, what its JVM counted (null for nginx).
     */
    public record SideWindow(long requests, long errors, double cpuMs, double p50Ms, double p99Ms, Histogram histogram,
            JvmCounters.Reading jvm, CpuSplit split) {

        public SideWindow(long requests, long errors, double cpuMs, double p50Ms, double p99Ms, Histogram histogram,
                JvmCounters.Reading jvm) {
            this(requests, errors, cpuMs, p50Ms, p99Ms, histogram, jvm, CpuSplit.NONE);
        }

        static SideWindow of(LoadResult result, double cpuMs, JvmCounters.Reading jvm, CpuSplit split) {
            return new SideWindow(result.requests(), result.errors(), cpuMs, result.latency().percentile("50"),
                    result.latency().percentile("99"), result.histogram(), jvm, split);
        }

        /**
         * The requests answered without an error: what a cost is divided by, so that a
         * side failing fast does not look cheap (its failures are counted apart).
         */
        public long answered() {
            return Math.max(0, requests - errors);
        }

        public double cpuMsPerRequest() {
            return answered() == 0 ? Double.NaN : cpuMs / answered();
        }

        public double bytesPerRequest() {
            return answered() == 0 || jvm == null ? Double.NaN : (double) jvm.allocatedBytes() / answered();
        }

        /**
         * Whether the JIT compiled for more than {@link WarmUp#QUIET_JIT} of the
         * process's CPU in this window: the code was still changing.
         */
        public boolean jitBusy() {
            return !StageParts.reading(this).quiet();
        }

        Map<String, Object> json() {
            Map<String, Object> side = new LinkedHashMap<>();
            side.put("requests", requests);
            side.put("errors", errors);
            side.put("cpu_ms", round(cpuMs, 1));
            side.put(PairedMetric.CPU.key(), round(cpuMsPerRequest(), 4));
            if (!Double.isNaN(split.gcMs())) {
                side.put("gc_cpu_ms", round(split.gcMs(), 3));
            }
            if (!Double.isNaN(split.processMs())) {
                side.put(split.processKey(), round(split.processMs(), 1));
            }
            side.put(PairedMetric.P50.key(), p50Ms);
            side.put(PairedMetric.P99.key(), p99Ms);
            if (jvm == null) {
                return side;
            }
            side.put("allocated_bytes", jvm.allocatedBytes());
            side.put(PairedMetric.BYTES.key(), round(bytesPerRequest(), 1));
            side.put("young_gcs", jvm.youngCollections());
            side.put("gcs", jvm.collections());
            side.put("gc_ms", jvm.gcMillis());
            side.put("jit_ms", jvm.jitMillis());
            side.put("voluntary_context_switches", jvm.voluntarySwitches() < 0 ? null : jvm.voluntarySwitches());
            side.put("involuntary_context_switches", jvm.involuntarySwitches() < 0 ? null : jvm.involuntarySwitches());
            Map<String, Object> byThread = new LinkedHashMap<>();
            jvm.bytesByThread()
                .entrySet()
                .stream()
                .filter(group -> group.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(group -> byThread.put(group.getKey(),
                        answered() == 0 ? null : round((double) group.getValue() / answered(), 1)));
            side.put("bytes_per_request_by_thread", byThread);
            return side;
        }
    }

    /** Both sides in the same seconds, and what the shared processes used meanwhile. */
    public record Window(SideWindow a, SideWindow b, Double authCpuMs, Double businessCpuMs,
            Double loadGeneratorCpuMs) {

        public Ratios ratio() {
            return new Ratios(b.cpuMsPerRequest() / a.cpuMsPerRequest(), b.p50Ms() / a.p50Ms(), b.p99Ms() / a.p99Ms(),
                    b.bytesPerRequest() / a.bytesPerRequest());
        }

        Map<String, Object> json() {
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("jit_busy", a.jitBusy() || b.jitBusy());
            window.put("a", a.json());
            window.put("b", b.json());
            window.put("ratio", ratio().json());
            if (authCpuMs != null) {
                window.put("auth_cpu_ms", round(authCpuMs, 1));
            }
            if (businessCpuMs != null) {
                window.put("business_cpu_ms", round(businessCpuMs, 1));
            }
            if (loadGeneratorCpuMs != null) {
                window.put("load_generator_cpu_ms", round(loadGeneratorCpuMs, 1));
            }
            return window;
        }
    }

    /**
     * FAIL_ON's outcome on CPU per request: held only when the passes decided that B is
     * not significantly costlier than A by more than the limit. A gate that cannot decide
     * (a side failed too many requests, a pass measured nothing, fewer than two passes)
     * fails, with the reason in {@code why}: a broken gateway must not pass as cheap.
     */
    public record Gate(String limit, boolean held, boolean decided, String why) {

        static Gate of(LineupPlan plan, PairedRatio gated, String noVerdict) {
            String limit = plan.failOnText();
            String metric = GATED.label();
            if (gated == null || gated.verdict() == null) {
                String reason = noVerdict != null ? noVerdict
                        : gated == null ? "no pass was measured" : "fewer than two passes, no interval";
                return new Gate(limit, false, false,
                        "the gate cannot decide whether B is costlier than A in " + metric + ": " + reason);
            }
            return gated.worseBeyond(plan.failOn(), false)
                    ? new Gate(limit, false, true,
                            "B is significantly costlier than A by more than " + limit + " in " + metric + " ("
                                    + gated.describe() + ")")
                    : new Gate(limit, true, true, "B is not significantly costlier than A by more than " + limit
                            + " in " + metric + " (" + gated.describe() + ")");
        }

    }

    /** B over A. */
    public record Ratios(double cpuMsPerRequest, double p50, double p99, double bytesPerRequest) {

        Map<String, Object> json() {
            Map<String, Object> ratio = new LinkedHashMap<>();
            ratio.put(PairedMetric.CPU.key(), round(cpuMsPerRequest, 4));
            ratio.put(PairedMetric.BYTES.key(), round(bytesPerRequest, 4));
            ratio.put(PairedMetric.P50.key(), round(p50, 4));
            ratio.put(PairedMetric.P99.key(), round(p99, 4));
            return ratio;
        }
    }

    /**
     * One pass: its order, its warm-up, its windows, and each side's totals over them
     * (CPU over requests; latency from the merged histograms).
     */
    public record Pass(int pass, int portA, int portB, String startedFirst, String firstInSchedule,
            WarmUp.Result warmup, List<Window> windows, SideWindow a, SideWindow b) {

        static Pass of(int pass, int portA, int portB, String startedFirst, String firstInSchedule,
                WarmUp.Result warmup, List<Window> windows) {
            return new Pass(pass, portA, portB, startedFirst, firstInSchedule, warmup, List.copyOf(windows),
                    total(windows.stream().map(Window::a).toList()), total(windows.stream().map(Window::b).toList()));
        }

        static SideWindow total(List<SideWindow> parts) {
            Histogram merged = new Histogram(3);
            parts.forEach(part -> merged.add(part.histogram()));
            JvmCounters.Reading jvm = JvmCounters.Reading.NONE;
            for (SideWindow part : parts) {
                jvm = jvm == null || part.jvm() == null ? null : jvm.plus(part.jvm());
            }
            return new SideWindow(parts.stream().mapToLong(SideWindow::requests).sum(),
                    parts.stream().mapToLong(SideWindow::errors).sum(),
                    parts.stream().mapToDouble(SideWindow::cpuMs).sum(), ms(merged.getValueAtPercentile(50)),
                    ms(merged.getValueAtPercentile(99)), merged, jvm,
                    new CpuSplit(parts.stream().mapToDouble(part -> part.split().gcMs()).sum(),
                            parts.stream().mapToDouble(part -> part.split().processMs()).sum(),
                            parts.isEmpty() ? CpuSplit.TICKS : parts.get(0).split().processKey()));
        }

        private static double ms(long micros) {
            return micros / 1000.0;
        }

        public Ratios ratio() {
            return new Ratios(b.cpuMsPerRequest() / a.cpuMsPerRequest(), b.p50Ms() / a.p50Ms(), b.p99Ms() / a.p99Ms(),
                    b.bytesPerRequest() / a.bytesPerRequest());
        }

        Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("jit_busy_windows", windows.stream().filter(w -> w.a().jitBusy() || w.b().jitBusy()).count());
            json.put("pass", pass);
            json.put("a_port", portA);
            json.put("b_port", portB);
            json.put("started_first", startedFirst);
            json.put("first_in_schedule", firstInSchedule);
            json.put("warmup", warmup.json());
            json.put("a", a.json());
            json.put("b", b.json());
            json.put("ratio", ratio().json());
            json.put("windows", windows.stream().map(Window::json).toList());
            return json;
        }
    }

    /**
     * A pair's lineup as make compare reads it (compare.md, pair.json): each pass's one
     * duet A → B, its ports and orders, and the verdicts over the passes.
     */
    public static PairResult of(LineupResult lineup) {
        LineupPlan plan = lineup.plan();
        String a = plan.entrants().get(0).name();
        String b = plan.entrants().get(1).name();
        List<Pass> passes = new ArrayList<>();
        for (LineupResult.Pass pass : lineup.passes()) {
            LineupResult.Duet duet = pass.duet(a, b);
            List<Window> windows = new ArrayList<>();
            for (int i = 0; i < duet.windows().size(); i++) {
                Stage.Shared shared = duet.shared().get(i);
                windows.add(new Window(duet.windows().get(i).get(a), duet.windows().get(i).get(b), shared.authMs(),
                        shared.businessMs(), shared.generatorMs()));
            }
            passes.add(Pass.of(pass.pass(), pass.ports().getOrDefault(a, 0), pass.ports().getOrDefault(b, 0),
                    pass.startOrder().get(0), pass.schedule().get(0), duet.warmup(), windows));
        }
        return of(plan, passes, lineup.dir());
    }

    static PairResult of(LineupPlan plan, List<Pass> passes, Path dir) {
        Map<PairedMetric, PairedRatio> verdicts = new EnumMap<>(PairedMetric.class);
        String noVerdict = null;
        boolean bytes = plan.a().jvm() && plan.b().jvm();
        boolean measurable = passes.stream()
            .allMatch(p -> p.a().answered() > 0 && p.b().answered() > 0 && p.a().cpuMs() > 0 && p.b().cpuMs() > 0
                    && (!bytes || p.a().jvm().allocatedBytes() > 0 && p.b().jvm().allocatedBytes() > 0));
        if (!measurable) {
            noVerdict = "a pass in which one side answered no request, or used no CPU: no ratio, no verdict";
        }
        else if (!passes.isEmpty()) {
            noVerdict = errors(passes);
            verdicts.put(PairedMetric.CPU, PairedRatio
                .of(passes.stream().map(p -> p.ratio().cpuMsPerRequest()).toList(), PairedMetric.CPU.quantity()));
            verdicts.put(PairedMetric.P50,
                    PairedRatio.of(passes.stream().map(p -> p.ratio().p50()).toList(), PairedMetric.P50.quantity()));
            verdicts.put(PairedMetric.P99,
                    PairedRatio.of(passes.stream().map(p -> p.ratio().p99()).toList(), PairedMetric.P99.quantity()));
            if (bytes) {
                verdicts.put(PairedMetric.BYTES, PairedRatio
                    .of(passes.stream().map(p -> p.ratio().bytesPerRequest()).toList(), PairedMetric.BYTES.quantity()));
            }
            if (noVerdict != null) {
                verdicts.replaceAll((metric, ratio) -> new PairedRatio(ratio.ratio(), null, null, ratio.passes(), null,
                        ratio.perPass()));
            }
        }
        if (passes.isEmpty() && noVerdict == null) {
            noVerdict = "no pass finished";
        }
        Gate gate = Double.isNaN(plan.failOn()) ? null : Gate.of(plan, verdicts.get(GATED), noVerdict);
        return new PairResult(plan, List.copyOf(passes), verdicts, noVerdict, gate, dir);
    }

    /**
     * Why there is no verdict: a side that failed more than the limit of its requests;
     * null when both answered.
     */
    private static String errors(List<Pass> passes) {
        for (String side : List.of("A", "B")) {
            long requests = passes.stream().mapToLong(p -> (side.equals("A") ? p.a() : p.b()).requests()).sum();
            long errors = passes.stream().mapToLong(p -> (side.equals("A") ? p.a() : p.b()).errors()).sum();
            if (requests > 0 && errors > ERROR_LIMIT * requests) {
                return String.format(Locale.ROOT,
                        "%s failed %d of %d requests (%.2f %%, more than %.1f %%): no verdict", side, errors, requests,
                        100.0 * errors / requests, ERROR_LIMIT * 100);
            }
        }
        return null;
    }

    /**
     * The mean CPU the load generator used per request (both sides' requests), ms; null
     * when unknown.
     */
    public Double loadGeneratorCpuMsPerRequest() {
        double ms = 0;
        long requests = 0;
        for (Pass pass : passes) {
            for (Window window : pass.windows()) {
                if (window.loadGeneratorCpuMs() == null) {
                    return null;
                }
                ms += window.loadGeneratorCpuMs();
                requests += window.a().requests() + window.b().requests();
            }
        }
        return requests == 0 ? null : round(ms / requests, 4);
    }

    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>(plan.json());
        json.put("passes_done", passes.size());
        json.put("verdicts", PairedMetric.byKey(verdicts));
        if (noVerdict != null) {
            json.put("no_verdict", noVerdict);
        }
        json.put("load_generator_cpu_ms_per_request", loadGeneratorCpuMsPerRequest());
        if (!Double.isNaN(plan.failOn())) {
            Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("fail_on", plan.failOnText());
            gate.put("gates", GATED.label());
            gate.put("failed", !this.gate.held());
            gate.put("decided", this.gate.decided());
            gate.put("why", this.gate.why());
            json.put("gate", gate);
        }
        json.put("pass_results", passes.stream().map(Pass::json).toList());
        return json;
    }

    static double round(double value, int digits) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
