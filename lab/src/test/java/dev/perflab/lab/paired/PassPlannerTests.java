package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.verdict.NoiseBudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The passes a make lab adds after its planned ones, on a pretend stage with a pretend
 * clock: only the rungs of the step not yet told apart restart, until it is told apart or
 * TIME is spent.
 */
class PassPlannerTests {

    @TempDir
    Path dir;

    /** Gateway steps a → b (quiet) and b → c, whose c reads its own level each pass. */
    private static final List<LineupPlan.Entrant> RUNGS = List.of(LineupRunTests.gateway("a", "reactive"),
            LineupRunTests.gateway("b", "reactive", "log-quiet"), LineupRunTests.gateway("c", "reactive", "rid-fast"));

    /**
     * The fake stage of LineupRunTests with a clock: a start takes 10 s and 3 s a rung,
     * an offer its length; rung c's CPU is multiplied by its pass's factor (1 beyond the
     * listed passes).
     */
    static class ClockedStage extends LineupRunTests.FakeStage {

        final List<Double> noisyC;

        long seconds;

        ClockedStage(List<Double> noisyC) {
            super(Map.of("a", 0.40, "b", 0.36, "c", 0.36), Map.of("a", 90_000.0, "b", 80_000.0, "c", 80_000.0));
            this.noisyC = noisyC;
        }

        @Override
        public void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank) {
            super.start(dir, order, portRank);
            seconds += 10 + 3L * order.size();
        }

        @Override
        public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
            Map<String, SideWindow> windows = new java.util.LinkedHashMap<>(super.offer(schedule, length));
            seconds += length.toSeconds();
            SideWindow c = windows.get("c");
            if (c != null) {
                double factor = pass <= noisyC.size() ? noisyC.get(pass - 1) : 1;
                windows.put("c", new SideWindow(c.requests(), c.errors(), c.cpuMs() * factor, c.p50Ms(), c.p99Ms(),
                        c.histogram(), c.jvm(), c.split()));
            }
            return windows;
        }

    }

    /**
     * Two planned passes leave t(1) = 12.7: Stein's rule would spend all of TIME, so none
     * is added, and the run says why.
     */
    @Test
    void twoPlannedPassesAddNone() {
        ClockedStage stage = new ClockedStage(List.of(1.03, 0.97));
        Ran ran = run(stage, Duration.ofHours(2), 2);
        assertThat(ran.started()).hasSize(2);
        assertThat(ran.out()).contains("PASSES=2: too few passes to plan further ones from their spread");
    }

    private static PlanNoise noise() {
        return new PlanNoise(new NoiseBudget(0, 0, 0.02 * 0.02, 0.03 * 0.03),
                new NoiseBudget(0, 0, 0.04 * 0.04, 0.05 * 0.05), "a test's");
    }

    private record Ran(LineupResult result, String out, ClockedStage stage) {

        /** The rungs each pass started, sorted. */
        List<List<String>> started() {
            return stage.starts.stream().map(order -> order.stream().sorted().toList()).toList();
        }

        long passesOf(String a, String b) {
            return result.passes().stream().filter(p -> p.duet(a, b) != null).count();
        }

    }

    private Ran run(ClockedStage stage, Duration time) {
        return run(stage, time, 4);
    }

    private Ran run(ClockedStage stage, Duration time, int passes) {
        LineupPlan plan = LineupRunTests.plan(RUNGS, passes, Duration.ZERO);
        PassPlanner planner = new PassPlanner(plan, noise(), time, () -> stage.seconds * 1_000_000_000L);
        StringWriter out = new StringWriter();
        LineupResult result = LineupRun.execute(plan, stage, RunFolder.create(dir, "lab"), new PrintWriter(out),
                sofar -> {
                }, ProfilerChoice.NONE, planner);
        return new Ran(result, out.toString(), stage);
    }

    /**
     * b → c spreads ±3 % over the planned passes (±5.5 % an interval), a → b by a few
     * tenths: the further passes restart b and c alone, measure b → c alone, and end when
     * TIME cannot hold the next one.
     */
    @Test
    void furtherPassesRestartOnlyTheNoisyStepsRungsAndStopAtTheBudget() {
        ClockedStage stage = new ClockedStage(List.of(1.03, 0.97, 1.03, 0.97));
        // the planned passes: 19 s of starts, 15 s of warm-up for each of a, b and c (the
        // two cold ones of the first duet one after the other), 25 s a duet: 114 s each;
        // a pass of b and c alone 71 s; so TIME=699s holds three of them and not a fourth
        Ran ran = run(stage, Duration.ofSeconds(4 * 114 + 3 * 71 + 30));
        assertThat(ran.started()).hasSize(7);
        assertThat(ran.started().subList(0, 4)).allSatisfy(order -> assertThat(order).containsExactly("a", "b", "c"));
        assertThat(ran.started().subList(4, 7)).allSatisfy(order -> assertThat(order).containsExactly("b", "c"));
        assertThat(stage.measured.subList(4, 7)).allSatisfy(duets -> assertThat(duets).hasSize(1)
            .allSatisfy(duet -> assertThat(duet).containsExactlyInAnyOrder("b", "c")));
        assertThat(ran.passesOf("a", "b")).isEqualTo(4);
        assertThat(ran.passesOf("b", "c")).isEqualTo(7);
        assertThat(stage.seconds).as("no pass ends beyond TIME").isLessThanOrEqualTo(4 * 114 + 3 * 71 + 30);
        assertThat(ran.out()).contains("pass 5, beyond the 4 planned")
            .contains("restarts only b, c, for b → c")
            .contains("TIME=699s spent");
        var step = ran.result().steps().get(1);
        assertThat(step.verdicts().get(PairedMetric.CPU).passes()).isEqualTo(7);
        assertThat(step.verdicts().get(PairedMetric.CPU).halfWidthPercent()).isGreaterThan(3.0);
        assertThat(PassPlanner.closing(ran.result())).first().isEqualTo("wider than the target:");
        assertThat(PassPlanner.closing(ran.result()))
            .anySatisfy(line -> assertThat(line).startsWith("b → c: CPU ±").endsWith("(target ±3 %) after 7 passes"));
        assertThat(PassPlanner.markdown(ran.result())).contains("## Resolution")
            .contains("After the 4 planned passes, 3 more restarted only the rungs")
            .contains("- b → c: CPU ±");
    }

    /**
     * The same with a budget that holds them all: b → c spreads ±2 % over the planned
     * passes, so that Stein's rule reaches ±3 % at seven, and the run ends there.
     */
    @Test
    void theRunEndsWhenEveryStepIsToldApart() {
        ClockedStage stage = new ClockedStage(List.of(1.02, 0.98, 1.02, 0.98));
        Ran ran = run(stage, Duration.ofHours(2));
        long passes = ran.passesOf("b", "c");
        // Stein's rule: the fewest n with t(3) · s₁ / √n ≤ ln 1.03, s₁ the planned
        // passes'
        // spread (about 2.3 %: n = 7)
        List<Double> logs = ran.result()
            .steps()
            .get(1)
            .verdicts()
            .get(PairedMetric.CPU)
            .perPass()
            .subList(0, 4)
            .stream()
            .map(Math::log)
            .toList();
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double sd = Math.sqrt(logs.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / 3);
        int stein = 4;
        while (dev.perflab.lab.verdict.SequentialLooks.halfWidth(4, sd, stein) > 0.03) {
            stein++;
        }
        assertThat(stein).isBetween(6, 8);
        assertThat(passes).isEqualTo(stein);
        assertThat(ran.passesOf("a", "b")).isEqualTo(4);
        assertThat(ran.out()).contains("Every step at ±3 % CPU and ±1 % bytes").contains("after " + stein + " passes");
        assertThat(ran.result().steps().get(1).verdicts().get(PairedMetric.CPU).halfWidthPercent())
            .isLessThanOrEqualTo(3.0);
        assertThat(PassPlanner.closing(ran.result()))
            .containsExactly("every step at ±3 % CPU and ±1 % bytes, every gateway against nginx at ±3 %");
    }

    /** TIME=0s: the planned passes, no more, whatever their width. */
    @Test
    void noBudgetNoFurtherPass() {
        Ran ran = run(new ClockedStage(List.of(1.03, 0.97, 1.03, 0.97)), Duration.ZERO);
        assertThat(ran.result().passes()).hasSize(4);
        assertThat(ran.out()).contains("TIME=0s spent");
    }

    /**
     * What the plan prints before it starts: at 2 % between passes and 3 % a window, four
     * passes of two windows reach ±4.7 % (t(3) · √(0.02² + 0.03²/2) / √4); a FAIL_ON
     * finer than that says so, and the windows line gives Kalibera and Jones's k*.
     */
    @Test
    void thePlanSaysWhatItCanResolveBeforeItStarts() {
        LineupPlan plain = LineupRunTests.plan(RUNGS, 4, Duration.ZERO);
        List<String> lines = new PassPlanner(plain, noise(), Duration.ofMinutes(40), () -> 0).opening();
        assertThat(lines.get(0)).startsWith("Resolution of a gateway step: 4 passes of 2 windows, about ±4.7 % CPU")
            .contains("between passes 2.0 %, within a pass 3.0 % a window")
            .contains("a test's");
        assertThat(lines)
            .noneMatch(line -> line.startsWith("FAIL_ON") || line.startsWith("Resolution of a gateway against"));
        // a pass: 10 s + 3 s × 3 rungs + 20 s × 3 warm-ups + 2 duets × 26 s = 131 s, less
        // 2 × 20 s of windows: 45.5 s a duet against 10 s a window; k* = √(4.55 × 2.25) =
        // 3.2
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("Windows: 2 of 10 s a duet; k* = ")
            .endsWith("= 3: DURATION=30s would narrow a step most for the time"));
        assertThat(lines)
            .anySatisfy(line -> assertThat(line).startsWith("Time: TIME=40m; the 4 planned passes about 9 min"));
        LineupPlan gated = new LineupPlan(plain.entrants(), plain.ratePerSide(), 4, plain.windows(), plain.warmup(),
                plain.warmupProbe(), plain.warmupLoad(), plain.alone(), plain.aloneRamp(), 5, 10, plain.timeout(), 7,
                plain.settings(), "1ms", plain.results(), 0.02, "2%", false);
        List<String> finer = new PassPlanner(gated, noise(), Duration.ofMinutes(40), () -> 0).opening();
        assertThat(finer).filteredOn(line -> line.startsWith("FAIL_ON"))
            .singleElement()
            .satisfies(line -> assertThat(line).startsWith("FAIL_ON=2% asks for ±2.0 %, finer than 4 passes resolve "
                    + "(±4.7 %): a step costlier by 2% can pass unseen"));
        LineupPlan coarse = new LineupPlan(plain.entrants(), plain.ratePerSide(), 4, plain.windows(), plain.warmup(),
                plain.warmupProbe(), plain.warmupLoad(), plain.alone(), plain.aloneRamp(), 5, 10, plain.timeout(), 7,
                plain.settings(), "1ms", plain.results(), 0.05, "5%", false);
        assertThat(new PassPlanner(coarse, noise(), Duration.ofMinutes(40), () -> 0).opening())
            .noneMatch(line -> line.startsWith("FAIL_ON"));
    }

    @Test
    void aDuetWithNginxIsPlannedAtItsOwnSpread() {
        List<LineupPlan.Entrant> rungs = List.of(LineupRunTests.gateway("a", "reactive"),
                LineupRunTests.gateway("b", "reactive", "log-quiet"), LineupRunTests.nginx("nginx", false));
        List<String> lines = new PassPlanner(LineupRunTests.plan(rungs, 4, Duration.ZERO), noise(),
                Duration.ofMinutes(40), () -> 0)
            .opening();
        // √(0.04² + 0.05²/2) = 5.3 %: ±8.9 % over four passes
        assertThat(lines.get(1))
            .startsWith("Resolution of a gateway against nginx: 4 passes of 2 windows, about ±8.9 %");
    }

    /**
     * The spread comes from the newest earlier make lab of this machine with four passes
     * or more, read per kind; another machine's run, or none, leaves the committed
     * figures.
     */
    @Test
    void theSpreadIsThisMachinesNewestLabOrTheCommittedOne() throws Exception {
        Path results = dir.resolve("results");
        lab(results.resolve("20261127-100000-lab"), "EPYC", 2, 0.011, 0.021);
        lab(results.resolve("20261128-100000-lab"), "EPYC", 2, 0.012, 0.022);
        lab(results.resolve("20261128-120000-lab"), "Xeon", 2, 0.013, 0.023);
        // newer, but two passes: its spread between passes is too rough to plan with
        lab(results.resolve("20261128-140000-lab"), "EPYC", 2, 0.0, 0.034, 2);
        Files.createDirectories(results.resolve("20261128-130000-compare"));
        PlanNoise here = PlanNoise.of(results, "EPYC", 2);
        assertThat(here.source()).isEqualTo("measured here: 20261128-100000-lab");
        assertThat(Math.sqrt(here.step().betweenPass())).isCloseTo(0.012, within(1e-9));
        assertThat(Math.sqrt(here.step().withinPass())).isCloseTo(0.022, within(1e-9));
        // the nginx duet of that run, the wider of each part
        assertThat(Math.sqrt(here.nginx().betweenPass())).isCloseTo(0.05, within(1e-9));
        PlanNoise defaults = PlanNoise.defaults();
        assertThat(PlanNoise.of(results, "Graviton", 2)).isEqualTo(defaults);
        assertThat(PlanNoise.of(dir.resolve("none"), "EPYC", 2)).isEqualTo(defaults);
        assertThat(defaults.source()).contains("results/");
        assertThat(Math.sqrt(defaults.step().betweenPass())).isBetween(0.001, 0.2);
        assertThat(Math.sqrt(defaults.nginx().withinPass())).isBetween(0.001, 0.2);
    }

    private static void lab(Path folder, String cpu, int cores, double between, double within) throws Exception {
        lab(folder, cpu, cores, between, within, 4);
    }

    private static void lab(Path folder, String cpu, int cores, double between, double within, int passes)
            throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("run.json"),
                "{\"machine\": {\"cpu_model\": \"" + cpu + "\", \"cores\": " + cores + "}}");
        Files.writeString(folder.resolve("lab.json"), "{\"passes_done\": " + passes
                + ", \"rungs\": [{\"name\": \"a\"}, {\"name\": \"nginx\", \"nginx\": "
                + "\"n.conf\"}], \"noise\": [{\"duet\": \"a → b\", \"between_pass_sd\": " + between
                + ", \"within_pass_sd_per_window\": " + within + ", \"windows_per_pass\": 2}, {\"duet\": \"b → c\", "
                + "\"between_pass_sd\": 0.001, \"within_pass_sd_per_window\": 0.001}, {\"duet\": \"nginx → b\", "
                + "\"between_pass_sd\": 0.05, \"within_pass_sd_per_window\": 0.04}]}");
    }

}
