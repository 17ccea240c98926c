package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LatencySummary;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.pairedreport.PairedLabReport;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.verdict.Verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The paired ladder's passes on a pretend stage: what it starts, in which order, which
 * windows it offers and how it reads steps from them, without a process.
 */
class LineupRunTests {

    @TempDir
    Path dir;

    private static final Path ROOT = Path.of(".");

    static LineupPlan.Entrant gateway(String name, String... profiles) {
        return new LineupPlan.Entrant(name, "changes " + name, Side.labGateway(name, List.of(profiles)));
    }

    static LineupPlan.Entrant nginx(String name, boolean cached) {
        return new LineupPlan.Entrant(name, "reference", Side.nginx(name, cached, Path.of("n.conf")));
    }

    static LineupPlan plan(List<LineupPlan.Entrant> entrants, int passes, Duration alone) {
        return plan(entrants, passes, alone, Double.NaN, "");
    }

    /** With FAIL_ON: its limit, and the text it was given as. */
    static LineupPlan plan(List<LineupPlan.Entrant> entrants, int passes, Duration alone, double failOn,
            String failOnText) {
        return new LineupPlan(entrants, 100, passes, List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)),
                Duration.ofSeconds(20), Duration.ofSeconds(5), WarmUp.Load.FLAT, alone, Duration.ofSeconds(1), 5, 10,
                Duration.ofSeconds(10), 7, new SideSettings(ROOT, List.of(), Duration.ofSeconds(60), "/service/hello",
                        "Authorization: Bearer lab-token"),
                "1ms", Path.of("results"), failOn, failOnText, false);
    }

    /**
     * A pretend machine: each rung costs its CPU ms and bytes per request; every pass the
     * machine is slower or faster for all rungs alike (what pairing cancels), and each
     * rung's own reading moves by a little of its own. A JIT compiles through the first
     * two warm-up parts its rung gets in a pass; a rung measured for the first time in a
     * pass costs {@code fresh} more (what is left of its JIT's work).
     */
    static class FakeStage implements Stage {

        final Map<String, Double> cpu;

        final Map<String, Double> bytes;

        final List<List<String>> starts = new ArrayList<>();

        final List<List<String>> schedules = new ArrayList<>();

        final List<String> alone = new ArrayList<>();

        /** Each pass's warm-up parts by rung. */
        final List<Map<String, Integer>> warmed = new ArrayList<>();

        /** Each pass's duets, in the order measured (their windows' rungs). */
        final List<List<List<String>>> measured = new ArrayList<>();

        double fresh;

        int offers;

        int bursts;

        int stops;

        int pass;

        int partsThisPass;

        boolean closed;

        int failInPass;

        FakeStage(Map<String, Double> cpu, Map<String, Double> bytes) {
            this.cpu = cpu;
            this.bytes = bytes;
        }

        @Override
        public void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank) {
            pass++;
            partsThisPass = 0;
            lastBursts.clear();
            starts.add(order.stream().map(LineupPlan.Entrant::name).toList());
            warmed.add(new LinkedHashMap<>());
            measured.add(new ArrayList<>());
        }

        @Override
        public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
            if (pass == failInPass) {
                throw new LabException("rung reactive (pid 1) ended during the measurement");
            }
            offers++;
            partsThisPass++;
            schedules.add(schedule);
            List<List<String>> duets = measured.get(measured.size() - 1);
            if (length.toSeconds() == 10 && (duets.isEmpty() || !duets.get(duets.size() - 1).equals(schedule))) {
                duets.add(schedule);
            }
            double machine = 1 + 0.2 * Math.sin(pass * 1.7);
            Map<String, SideWindow> windows = new LinkedHashMap<>();
            int i = 0;
            for (String rung : schedule) {
                long requests = 100 * length.toSeconds();
                double own = 1 + 0.004 * Math.sin(pass * 3.1 + i++);
                Histogram latency = new Histogram(3);
                latency.recordValueWithCount(1000 + 100 * i, requests);
                boolean compiling = burstNow && warmed.get(warmed.size() - 1).merge(rung, 1, Integer::sum) <= 2;
                JvmCounters.Reading jvm = bytes.containsKey(rung)
                        ? new JvmCounters.Reading((long) (bytes.get(rung) * own * requests), 1, 1, 1,
                                compiling ? 10_000 : 0, 0, 0, Map.of())
                        : null;
                double residue = !burstNow && length.toSeconds() == 10 && firstDuet(rung).equals(schedule) ? 1 + fresh
                        : 1;
                windows.put(rung, new SideWindow(requests, 0, cpu.get(rung) * machine * own * residue * requests, 1.0,
                        2.0, latency, jvm));
            }
            return windows;
        }

        /** The first duet of this pass that measured the rung. */
        private List<String> firstDuet(String rung) {
            return measured.get(measured.size() - 1)
                .stream()
                .filter(duet -> duet.contains(rung))
                .findFirst()
                .orElseThrow();
        }

        private boolean burstNow;

        /** The rungs each flat-out warm-up part drove. */
        final List<List<String>> burstRungs = new ArrayList<>();

        /** wrk's reading of each rung's last warm-up part this pass: 2,000 req/s. */
        final Map<String, LoadResult> lastBursts = new LinkedHashMap<>();

        @Override
        public Map<String, SideWindow> burst(List<String> rungs, Duration length) {
            bursts++;
            burstRungs.add(rungs);
            burstNow = true;
            rungs.forEach(rung -> lastBursts.put(rung, wrk(2000, length)));
            try {
                return offer(rungs, length);
            }
            finally {
                burstNow = false;
            }
        }

        @Override
        public LoadResult lastBurst(String rung) {
            return lastBursts.get(rung);
        }

        /** wrk alone after the duets: 1,000 req/s. */
        @Override
        public LoadResult alone(String rung, Duration ramp, Duration length) {
            alone.add(rung == null ? "backend" : rung);
            return wrk(1000, length);
        }

        private static LoadResult wrk(long perSecond, Duration length) {
            long requests = perSecond * length.toSeconds();
            return new LoadResult(requests, length.toNanos() / 1000, 0, 0, requests,
                    new LatencySummary(1, 1, 0, 1, Map.of()), new Histogram(3), "", "");
        }

        @Override
        public void stopRungs() {
            stops++;
        }

        @Override
        public void close() {
            closed = true;
        }

    }

    private LineupResult run(LineupPlan plan, FakeStage stage) {
        RunFolder run = RunFolder.create(dir, "lab");
        return LineupRun.execute(plan, stage, run, new PrintWriter(new StringWriter()), result -> {
        });
    }

    @Test
    void everyPassStartsAllRungsThenWalksTheChainOfDuetsUpAndDownTheLadder() {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"), gateway("auth-cache", "reactive", "auth-cache"),
                nginx("nginx", false));
        FakeStage stage = new FakeStage(Map.of("reactive", 0.40, "log-quiet", 0.36, "auth-cache", 0.20, "nginx", 0.12),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0, "auth-cache", 50_000.0));
        LineupResult result = run(plan(rungs, 4, Duration.ofSeconds(3)), stage);
        assertThat(stage.starts).hasSize(4).allSatisfy(order -> assertThat(order).hasSize(4));
        assertThat(stage.starts.stream().map(order -> order.get(0)).distinct())
            .as("over as many passes as rungs, each rung is started first once")
            .hasSize(4);
        List<List<String>> up = List.of(List.of("reactive", "log-quiet"), List.of("nginx", "log-quiet"),
                List.of("log-quiet", "auth-cache"), List.of("nginx", "auth-cache"));
        List<List<String>> down = new ArrayList<>(up);
        java.util.Collections.reverse(down);
        for (int pass = 0; pass < 4; pass++) {
            assertThat(stage.measured.get(pass).stream().map(duet -> duet.stream().sorted().toList()).toList())
                .as("pass %d walks the chain %s", pass + 1, pass % 2 == 0 ? "up" : "down")
                .isEqualTo((pass % 2 == 0 ? up : down).stream().map(duet -> duet.stream().sorted().toList()).toList());
            // each gateway warmed once a pass, alone even where the duet has two cold
            // ones: its JIT compiles through two parts, so three parts; nginx never
            assertThat(stage.warmed.get(pass)).containsOnly(Map.entry("reactive", 3), Map.entry("log-quiet", 3),
                    Map.entry("auth-cache", 3));
        }
        assertThat(result.passes()).allSatisfy(pass -> {
            assertThat(pass.duets()).hasSize(4);
            assertThat(pass.duets()).allSatisfy(duet -> assertThat(duet.windows()).hasSize(2));
            assertThat(pass.warmup().quiet()).isTrue();
        });
        // each duet two windows, after one part at its rate where it warmed a gateway: up
        // the ladder reactive and log-quiet, then auth-cache; down auth-cache, log-quiet,
        // then reactive (nginx's duets follow a duet of their gateway at the rate)
        assertThat(stage.offers - stage.bursts).isEqualTo(4 * 4 * 2 + 2 + 3 + 2 + 3);
        assertThat(stage.burstRungs).as("every warm-up part drives one cold gateway, alone")
            .allSatisfy(driven -> assertThat(driven).hasSize(1));
        assertThat(stage.alone).as("after the duets, the backend and nginx alone; the gateways' from their warm-ups")
            .containsExactly("backend", "nginx", "backend", "nginx", "backend", "nginx", "backend", "nginx");
        assertThat(stage.stops).isEqualTo(4);
        assertThat(stage.closed).isTrue();
        assertThat(result.alone()).containsOnlyKeys("baseline", "reactive", "log-quiet", "auth-cache", "nginx");
        assertThat(result.alone().get("nginx").mean()).isEqualTo(1000.0);
        assertThat(result.alone().get("reactive").mean()).as("the last part of its warm-up").isEqualTo(2000.0);
    }

    /**
     * A gateway's req/s alone comes from its warm-up's last part only where that part is
     * wrk flat out shaped as the req/s column's and at least ALONE long; else wrk drives
     * it again after the duets.
     */
    @Test
    void theReqPerSecondAloneComesFromTheWarmUpOnlyWhereItsLastPartIsTheSameMeasurement() {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"), nginx("nginx", false));
        LineupPlan plan = plan(rungs, 2, Duration.ofSeconds(3));
        assertThat(plan.aloneInWarmUp()).isTrue();
        assertThat(plan.aloneSeconds()).as("the backend and nginx, 3 s after 1 s each").isEqualTo(2 * 5);
        assertThat(plan.aloneWords()).startsWith("each gateway: the last 5s part of its warm-up, flat out alone with "
                + "wrk -t5 -c10; after each pass's duets, wrk -t5 -c10 on nginx and business-service");
        LineupPlan rate = new LineupPlan(plan.entrants(), 100, 2, plan.windows(), plan.warmup(), plan.warmupProbe(),
                WarmUp.Load.RATE, plan.alone(), plan.aloneRamp(), 5, 10, plan.timeout(), 7, plan.settings(), "1ms",
                Path.of("results"), Double.NaN, "", false);
        LineupPlan fewer = new LineupPlan(plan.entrants(), 100, 2, plan.windows(), plan.warmup(), plan.warmupProbe(),
                WarmUp.Load.FLAT, plan.alone(), plan.aloneRamp(), 5, 4, plan.timeout(), 7, plan.settings(), "1ms",
                Path.of("results"), Double.NaN, "", false);
        LineupPlan longer = new LineupPlan(plan.entrants(), 100, 2, plan.windows(), plan.warmup(), plan.warmupProbe(),
                WarmUp.Load.FLAT, Duration.ofSeconds(6), plan.aloneRamp(), 5, 10, plan.timeout(), 7, plan.settings(),
                "1ms", Path.of("results"), Double.NaN, "", false);
        for (LineupPlan driven : List.of(rate, fewer, longer)) {
            assertThat(driven.aloneInWarmUp()).as(driven.aloneWords()).isFalse();
            FakeStage stage = new FakeStage(Map.of("reactive", 0.40, "log-quiet", 0.36, "nginx", 0.12),
                    Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
            LineupResult result = run(driven, stage);
            assertThat(stage.alone).as("every rung and the backend after the duets, each pass").hasSize(2 * 4);
            assertThat(result.alone().get("reactive").mean()).isNotEqualTo(2000.0);
        }
        assertThat(new LineupPlan(plan.entrants(), 100, 2, plan.windows(), Duration.ZERO, plan.warmupProbe(),
                WarmUp.Load.FLAT, plan.alone(), plan.aloneRamp(), 5, 10, plan.timeout(), 7, plan.settings(), "1ms",
                Path.of("results"), Double.NaN, "", false)
            .aloneInWarmUp()).as("WARMUP=0s: no warm-up to read").isFalse();
    }

    /**
     * The machine's speed moves every rung alike by up to a fifth from pass to pass; a
     * step's ratio is read inside each duet, so it keeps the rungs' own ratio.
     */
    @Test
    void eachStepIsTheRatioOfNeighboursInsideTheSameWindows() {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"), gateway("same", "reactive", "log-quiet"),
                gateway("burn", "reactive", "log-quiet", "burn"), gateway("auth-cache", "reactive", "auth-cache"),
                nginx("nginx", false), nginx("nginx-cached", true));
        FakeStage stage = new FakeStage(
                Map.of("reactive", 0.40, "log-quiet", 0.36, "same", 0.36, "burn", 0.378, "auth-cache", 0.20, "nginx",
                        0.12, "nginx-cached", 0.06),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0, "same", 80_000.0, "burn", 80_000.0, "auth-cache",
                        50_000.0));
        LineupResult result = run(plan(rungs, 5, Duration.ZERO, 0.05, "5%"), stage);
        assertThat(result.steps()).extracting(step -> step.from() + ">" + step.to())
            .containsExactly("reactive>log-quiet", "log-quiet>same", "same>burn", "burn>auth-cache");
        var quiet = result.steps().get(0).verdicts().get(PairedMetric.CPU);
        assertThat(quiet.ratio()).isCloseTo(0.9, within(0.005));
        assertThat(quiet.verdict()).isEqualTo(Verdict.CHEAPER);
        assertThat(quiet.halfWidthPercent()).as("the machine's 20 %% swings cancel").isLessThan(1.0);
        var same = result.steps().get(1);
        assertThat(same.verdicts().get(PairedMetric.CPU).verdict()).as("A/A: no difference")
            .isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(same.verdicts().get(PairedMetric.BYTES).verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(same.carriedBy()).isNull();
        assertThat(PairedLabReport.gates(result, "5%")).extracting(GateLine::toString)
            .as("FAIL_ON: a step within the limit holds, as the A/A")
            .anySatisfy(line -> assertThat(line)
                .startsWith("✓ FAIL_ON=5%: same is not significantly costlier than log-quiet by more than 5%"));
        var burn = result.steps().get(2).verdicts().get(PairedMetric.CPU);
        assertThat(burn.ratio()).isCloseTo(1.05, within(0.005));
        assertThat(burn.verdict()).as("5 %% more CPU is costlier").isEqualTo(Verdict.COSTLIER);
        assertThat(result.steps().get(0).verdicts().get(PairedMetric.BYTES).ratio()).isCloseTo(80.0 / 90,
                within(0.002));
        assertThat(result.references()).as("the last gateway of each kind against its reference")
            .extracting(v -> v.rung() + ">" + v.reference())
            .containsExactly("burn>nginx", "auth-cache>nginx-cached");
        assertThat(result.headline()).extracting(LineupResult.Versus::rung).containsExactly("burn", "auth-cache");
        assertThat(result.headline().get(1).ratios().get(PairedMetric.CPU).ratio()).isCloseTo(0.20 / 0.06,
                within(0.02));
    }

    /**
     * The run splits each duet's noise: the fake machine reads a pass's windows alike, so
     * the windows add nothing and the passes' spread of the log ratio is all
     * between-pass; lab.json carries it per duet.
     */
    @Test
    void eachDuetsNoiseIsSplitBetweenPassesAndWindows() {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"));
        FakeStage stage = new FakeStage(Map.of("reactive", 0.40, "log-quiet", 0.36),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
        LineupResult result = run(plan(rungs, 4, Duration.ZERO), stage);
        var budget = result.noise("reactive", "log-quiet", PairedMetric.CPU);
        List<Double> logs = result.passes()
            .stream()
            .map(pass -> Math.log(pass.duet("reactive", "log-quiet").ratio(PairedMetric.CPU::read)))
            .toList();
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double variance = logs.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (logs.size() - 1);
        assertThat(variance).as("the fake's own reading moves pass by pass: %s", logs).isGreaterThan(1e-9);
        assertThat(budget.passes()).isEqualTo(4);
        assertThat(budget.windows()).isEqualTo(2);
        assertThat(budget.withinPass()).isCloseTo(0, within(1e-12));
        assertThat(budget.betweenPass()).isCloseTo(variance, within(variance * 1e-6));
        List<LabJson.Noise> noise = result.json().noise();
        assertThat(noise).extracting(LabJson.Noise::duet).containsExactly("reactive → log-quiet");
        assertThat(noise.get(0).betweenPassSd()).isCloseTo(Math.sqrt(variance), within(1e-5));
    }

    /**
     * A rung just warmed up still pays a little for its JIT in its first duet. Up the
     * ladder that rung is B, down the ladder A, so over an even number of passes an A/A
     * step reads equal although each pass reads 3 % one way or the other.
     */
    @Test
    void theFreshlyWarmedRungIsBInHalfThePassesAndAInTheOthers() {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"), gateway("same", "reactive", "log-quiet"),
                gateway("auth-cache", "reactive", "auth-cache"));
        FakeStage stage = new FakeStage(Map.of("reactive", 0.40, "log-quiet", 0.36, "same", 0.36, "auth-cache", 0.20),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0, "same", 80_000.0, "auth-cache", 50_000.0));
        stage.fresh = 0.03;
        LineupResult result = run(plan(rungs, 4, Duration.ZERO), stage);
        var same = result.steps().get(1).verdicts().get(PairedMetric.CPU);
        assertThat(same.perPass().get(0)).as("up: same is new").isCloseTo(1.03, within(0.01));
        assertThat(same.perPass().get(1)).as("down: log-quiet is new").isCloseTo(1 / 1.03, within(0.01));
        assertThat(same.ratio()).isCloseTo(1.0, within(0.005));
        assertThat(same.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    }

    /** A pass that fails keeps the passes before it, in lab.json, and stops its rungs. */
    @Test
    void aFailedPassKeepsThePassesThatFinishedAndStopsEverything() throws Exception {
        List<LineupPlan.Entrant> rungs = List.of(gateway("reactive", "reactive"),
                gateway("log-quiet", "reactive", "log-quiet"));
        FakeStage stage = new FakeStage(Map.of("reactive", 0.40, "log-quiet", 0.36),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
        stage.failInPass = 3;
        assertThatThrownBy(() -> run(plan(rungs, 4, Duration.ZERO), stage)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("rung reactive (pid 1) ended during the measurement (results so far: ");
        assertThat(stage.stops).isEqualTo(3);
        assertThat(stage.closed).isTrue();
        Path folder = Files.list(dir)
            .filter(Files::isDirectory)
            .filter(p -> p.toString().endsWith("-lab"))
            .findFirst()
            .orElseThrow();
        var json = RunFolder.JSON.readTree(folder.resolve("lab.json").toFile());
        assertThat(json.path("passes_done").asInt()).isEqualTo(2);
        assertThat(json.path("steps").get(0).path("verdicts").path("cpu_ms_per_request").path("ratio").asDouble())
            .isCloseTo(0.9, within(0.01));
        assertThat(Files.readString(folder.resolve("error.txt"))).contains("ended during the measurement");
    }

    /**
     * make compare runs on the lineup: a pair is two entrants and one duet A → B a pass,
     * both warmed up every pass, no rung alone; pair.json and compare's verdicts come
     * from it.
     */
    @Test
    void aPairIsTheSmallestLineupOneDuetAToBAPassWrittenAsPairJson() throws Exception {
        LineupPlan plan = LineupPlan.pair(Side.labGateway("A", List.of("reactive")),
                new Side("B", "reactive,burn", new Side.LabGateway(List.of("reactive", "burn")), List.of(), null), 100,
                4, List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)), Duration.ofSeconds(20),
                Duration.ofSeconds(5), WarmUp.Load.FLAT, Duration.ofSeconds(10), 7,
                new SideSettings(ROOT, List.of(), Duration.ofSeconds(60), "/service/hello", null), "1ms", dir,
                Double.NaN, "");
        FakeStage stage = new FakeStage(Map.of("A", 0.40, "B", 0.48), Map.of("A", 90_000.0, "B", 90_000.0));
        LineupResult result = run(plan, stage);
        assertThat(stage.starts).hasSize(4).allSatisfy(order -> assertThat(order).containsExactlyInAnyOrder("A", "B"));
        assertThat(stage.measured).allSatisfy(duets -> assertThat(duets).hasSize(1));
        assertThat(stage.warmed).as("both sides warmed every pass")
            .allSatisfy(parts -> assertThat(parts.keySet()).containsExactlyInAnyOrder("A", "B"));
        assertThat(stage.alone).isEmpty();
        assertThat(result.steps()).as("a pair is the smallest lineup: one step, A → B").hasSize(1);
        LineupResult.Step pair = result.pairStep();
        assertThat(pair.verdicts().get(PairedMetric.CPU).verdict()).isEqualTo(dev.perflab.lab.verdict.Verdict.COSTLIER);
        assertThat(pair.verdicts().get(PairedMetric.CPU).ratio()).isCloseTo(1.2,
                org.assertj.core.api.Assertions.within(0.01));
        assertThat(java.nio.file.Files.exists(result.dir().resolve("lab.json"))).isFalse();
        tools.jackson.databind.JsonNode json = dev.perflab.lab.run.RunFolder.JSON
            .readTree(result.dir().resolve("pair.json").toFile());
        assertThat(json.path("passes_done").asInt()).isEqualTo(4);
        assertThat(json.path("verdicts").path("cpu_ms_per_request").path("verdict").asString()).isEqualTo("costlier");
        tools.jackson.databind.JsonNode first = json.path("pass_results").get(0);
        assertThat(first.path("windows")).as("pair.json's layout: a pass's one duet, its windows A and B").hasSize(2);
        assertThat(first.path("ratio").path("cpu_ms_per_request").asDouble()).isCloseTo(1.2,
                org.assertj.core.api.Assertions.within(0.01));
        assertThat(first.path("a").path("requests").asLong()).isPositive();
        assertThat(first.path("started_first").asString()).isIn("A", "B");
    }

}
