package dev.perflab.lab.verdict;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabPorts;
import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Verdicts on the real apps with short windows. A step as large as blocking against
 * reactive is called slower. Two runs taken minutes apart are different machines on a
 * shared host (the same rung read 39 % apart), so the same gateway is checked against
 * itself the way the lab can promise: both at once, paired pass by pass, where the
 * machine's noise hits both sides alike. A known CPU cost added to one side (the burn
 * profile) is called costlier the same way in PairedLabIntegrationTests.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class VerdictIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    private static final List<String> SHORT = List.of("--duration", "6s", "--subwindow", "2s", "--warmup-max", "2s",
            "--warmup-probe", "2s", "--threads", "2", "--connections", "10", "--java-opts",
            "-Xmx256m -XX:TieredStopAtLevel=1");

    /**
     * A paired run on the test's budget: 4 passes of two 3 s windows after up to 9 s of
     * warm-up, 150 req/s to each side. The heap is fixed (young generation 64 MB, touched
     * at start): with G1 sizing it by itself, two fresh JVMs in one pass often settled on
     * different young generations, and the side with more young collections spent up to a
     * tenth more CPU per request (A/A passes 0.889-1.119, collections 5/1 and 2/5; 2 of 5
     * runs of the A/A test read an interval reaching beyond 1.10). Fixed, 3 runs read 2
     * collections a side in 17 of 18 passes and intervals within +-1.6 %.
     */
    private static final List<String> PAIRED = List.of("--passes", "4", "--duration", "6s", "--subwindow", "3s",
            "--warmup", "9s", "--warmup-probe", "3s", "--rate", "150", "--java-opts",
            "-Xms256m -Xmx256m -Xmn64m -XX:+AlwaysPreTouch -XX:TieredStopAtLevel=1", "--seed", "7");

    /**
     * How far from 1 the A/A test's ratio of CPU per request may lie, as |ln ratio|. Not
     * an interval over the run's passes: a run can share a shift that its passes do not
     * show (PairedLabIntegrationTests read 0.981 with passes 0.979-0.982, f6491b8), so
     * the bound comes from the spread of the ratio between runs of this test's settings.
     * Nine runs of the A/A test (2026-11-28 14:24-14:50 UTC, at 80e13b2, this 2-core
     * machine) read 0.986-1.011: sd of the log ratio 0.70 % between runs (1.15 % at its
     * 95 % upper confidence limit over nine), at six passes; the test now runs four,
     * which widens that by sqrt(6/4) to 0.86 % (1.41 %). Their worst per-pass spread, 4.4
     * %, alone spreads the ratio of four passes by 2.2 %; taking 2.2 %, the bound ln 1.08
     * is 3.5 sd, a false failure about once in 2,100 runs (0.05 %). Other engineers
     * compiled and ran tests beside those runs (load average 3-8 on 2 cores), which
     * widens the spread: the bound is conservative for a quiet machine. It still fails a
     * biased pairing: one side's CPU read twice reads 2.0 (ln 0.69), a bias of 12 % fails
     * 95 runs in 100 at 2.2 % (all but 1 in 80,000 at the measured 0.86 %), and the 1200
     * us burn of PairedLabIntegrationTests' step reads far beyond it. Six passes (ln
     * 1.065) cost a minute of CI more for a bound 1.5 points tighter.
     */
    private static final double SAME_WITHIN = Math.log(1.08);

    /**
     * The most the four per-pass log ratios of the A/A test may spread (sample sd).
     * Windows not in the same seconds spread them by tens of per cent. A shift shared by
     * a run's passes moves their mean, not their spread around it, so the chi-squared
     * arithmetic holds across runs here: at a per-pass spread of 5 % the sd of four
     * passes exceeds 5 % x sqrt(chi2(0.9995; 3) / 3) = 12.2 % once in 2,000 runs (0.05
     * %). The nine runs above spread their passes by 1.1-4.4 % (beside others' builds):
     * at 4.4 % a false failure about once in 24,000 runs. The two checks together: at
     * most 0.1 %.
     */
    private static final double PASS_SPREAD_BELOW = 0.05
            * Math.sqrt(ChiSquaredDistribution.of(3).inverseCumulativeProbability(1 - 0.0005) / 3);

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void portsFree() {
        // the closed-loop tests use the lab's fixed ports; a busy one fails here, naming
        // its owner, rather than skipping
        LabPorts.requireFree(LabPorts.RUNNER);
    }

    private int run(String command, String... args) {
        return execute(withDefaults(List.of(command, "--results", results.toString(), "--root", ROOT), SHORT, args));
    }

    private int pair(String... args) {
        return execute(withDefaults(List.of("pair", "--results", results.toString(), "--root", ROOT), PAIRED, args));
    }

    /**
     * The command, then each default option the test does not give itself (picocli takes
     * each option once), then the test's own.
     */
    private static List<String> withDefaults(List<String> command, List<String> defaults, String... args) {
        List<String> full = new ArrayList<>(command);
        List<String> given = List.of(args);
        for (int i = 0; i < defaults.size(); i += 2) {
            if (!given.contains(defaults.get(i))) {
                full.addAll(defaults.subList(i, i + 2));
            }
        }
        full.addAll(given);
        return full;
    }

    private int execute(List<String> args) {
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args.toArray(String[]::new));
    }

    private Path latest() throws IOException {
        return results.resolve("latest").toRealPath();
    }

    @Test
    void blockingAfterReactiveIsSlowerInItsIntervalButOneStartGivesNoVerdict() throws IOException {
        // at 100 ms per auth call both rungs wait rather than compute, so a busy machine
        // moves them little: the blocking
        // gateway holds an event loop for each call, about 4 / 100 ms = 40 req/s;
        // reactive serves its 10 connections, about 100 req/s
        Path ladder = Files.writeString(results.resolve("steps.yml"),
                "rungs:\n" + "  - name: reactive\n    profiles: [reactive]\n    auth_latency: 100ms\n"
                        + "  - name: blocking\n    profiles: [blocking]\n    auth_latency: 100ms\n");
        // SLO=p99:1ms: every request waits 100 ms for auth-service, so no rung can hold
        // it on any machine, however fast or busy (which rung holds a limit between them
        // depends on the machine's speed: SloGateTests checks both outcomes on a real
        // run's figures)
        // four 1 s sub-windows after one warm-up probe: 40 against 100 req/s is a step
        // far beyond their noise, and the warm-up is not what is asserted
        assertThat(run("lab", "--scenarios", ladder.toString(), "--duration", "4s", "--subwindow", "1s", "--warmup-max",
                "2s", "--slo", "p99:1ms"))
            .as(out + err.toString())
            .isEqualTo(3);
        JsonNode rungs = RunFolder.JSON.readTree(latest().resolve("summary.json").toFile()).path("rungs");
        JsonNode reactive = rungs.get(0);
        JsonNode blocking = rungs.get(1);
        assertThat(reactive.has("verdict")).as("the first rung has nothing before it").isFalse();
        assertThat(blocking.path("windows").size()).isEqualTo(4);
        assertThat(blocking.path("intervals").path("covers").asString())
            .startsWith("within one run only: 4 sub-windows");
        assertThat(blocking.path("intervals").path("rps").path("n").asInt()).isEqualTo(4);
        assertThat(blocking.path("intervals").path("cpu_ms_per_request").has("gateway")).isTrue();
        JsonNode step = blocking.path("verdict");
        assertThat(step.path("against").asString()).isEqualTo("reactive");
        assertThat(step.path("rps").path("high").asDouble()).as(step.toString()).isLessThan(1.0);
        assertThat(step.path("proxy_cpu_ms_per_request").path("ratio").asDouble()).isPositive();
        // one pass: the interval is over the windows of one start, which vary less than
        // restarts, so it carries no verdict however far it is from 1.00
        assertThat(step.path("rps").has("verdict")).as(step.toString()).isFalse();
        assertThat(step.path("proxy_cpu_ms_per_request").has("verdict")).isFalse();
        assertThat(step.has("carried_by")).isFalse();
        assertThat(step.path("no_verdict").asString()).isEqualTo(StepVerdict.ONE_START);
        // what every JVM counted about itself, per sub-window, read through the attach
        // API
        for (JsonNode window : blocking.path("windows")) {
            assertThat(window.path("jvm").path("gateway").path("bytes_per_request").asDouble()).as(window.toString())
                .isGreaterThan(1_000);
            assertThat(window.path("jvm").path("auth-service").path("bytes_per_request").asDouble())
                .as(window.toString())
                .isPositive();
        }
        assertThat(blocking.path("intervals").path("bytes_per_request").path("gateway").path("n").asInt()).isEqualTo(4);
        assertThat(step.path("gateway_bytes_per_request").path("ratio").asDouble()).isPositive();
        assertThat(Files.readString(latest().resolve("report.md"))).contains("no verdict (one start)");
        assertThat(out.toString()).contains("within one start, no verdict")
            .contains("Expected duration: 2 rungs x 1 pass")
            .contains("SLO p99:1ms: p99 at most 1.00 ms in the closed loop")
            .contains("✗ reactive: p99 ")
            .contains("✗ blocking: p99 ")
            .contains(" > 1.00 ms (closed loop)");
        assertThat(out.toString().indexOf("✗ reactive")).as("the gates come after the report's paths")
            .isGreaterThan(out.toString().indexOf("Report: "));
    }

    @Test
    void theSameGatewayAgainstItselfAtTheSameTimeIsTheSameWithinTenPerCentAndPassesTheGate() throws IOException {
        // four passes (the test ran six until 2026-11-29, for CI's time): a run beside a
        // build once read 1.03 x [0.95, 1.12] at four (one pass at 1.11), within both
        // bounds below
        assertThat(pair("--a-gateway", "reactive", "--b-gateway", "reactive", "--fail-on", "10%", "--passes", "4"))
            .as(out + err.toString())
            .isZero();
        JsonNode pair = RunFolder.JSON.readTree(latest().resolve("pair.json").toFile());
        assertThat(pair.path("passes_done").asInt()).isEqualTo(4);
        Set<String> orders = new HashSet<>();
        for (JsonNode pass : pair.path("pass_results")) {
            assertThat(pass.path("windows").size()).as("two windows a pass").isEqualTo(2);
            for (String side : List.of("a", "b")) {
                // 150 req/s for 6 s: vegeta sends each side its share of the round-robin
                // schedule
                assertThat(pass.path(side).path("requests").asLong()).as(side).isBetween(850L, 950L);
                assertThat(pass.path(side).path("errors").asLong()).as(side).isZero();
                assertThat(pass.path(side).path("cpu_ms_per_request").asDouble()).as(side).isPositive();
                // counted thread by thread, so a thread that ends in a window (an RMI
                // connection of the counters' own reads) cannot make them negative; the
                // event loops allocated almost everything
                assertThat(pass.path(side).path("voluntary_context_switches").asLong()).as(side).isPositive();
                double loops = pass.path(side)
                    .path("bytes_per_request_by_thread")
                    .properties()
                    .stream()
                    .filter(group -> group.getKey().startsWith("reactor-http-"))
                    .mapToDouble(group -> group.getValue().asDouble())
                    .sum();
                assertThat(loops).as(side).isGreaterThan(0.9 * pass.path(side).path("bytes_per_request").asDouble());
            }
            assertThat(pass.path("a_port").asInt()).isNotEqualTo(pass.path("b_port").asInt());
            orders.add(pass.path("started_first").asString());
        }
        assertThat(orders).as("seed 7 starts A first in some passes and B in others")
            .containsExactlyInAnyOrder("A", "B");
        JsonNode cpu = pair.path("verdicts").path("cpu_ms_per_request");
        assertThat(cpu.path("passes").asInt()).isEqualTo(4);
        // A/A, designed to fail at most one run in a thousand: see SAME_WITHIN and
        // PASS_SPREAD_BELOW. The gate below fails only with a ratio above 1.10, which
        // the first check has failed already: it adds no false failure.
        double[] logs = new double[cpu.path("per_pass").size()];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(cpu.path("per_pass").get(i).asDouble());
        }
        assertThat(Math.abs(Math.log(cpu.path("ratio").asDouble()))).as("no bias: " + cpu).isLessThan(SAME_WITHIN);
        assertThat(StandardDeviation.of(logs).getAsDouble()).as("the precision of a pairing: " + cpu)
            .isLessThan(PASS_SPREAD_BELOW);
        assertThat(pair.path("gate").path("failed").asBoolean()).isFalse();
        assertThat(out.toString()).contains(
                "✓ FAIL_ON=10%: B is not significantly costlier than A by more than 10% in gateway CPU per request (");
        assertThat(Files.readString(latest().resolve("compare.md"))).contains("| gateway CPU per request (ms) |")
            .contains("passed: B is not significantly costlier than A by more than 10%");
    }

    @Test
    void aRunComparedWithItselfGoesThroughCompareAsNoDifference() throws IOException {
        // the pipeline of make compare A= B= on real output: the same folder on both
        // sides is a ratio of exactly 1.00, and its
        // interval (Welch's, as for two independent runs) holds 1.00, so no difference
        // and the gate passes
        // the same folder on both sides: neither the windows' length nor the warm-up
        // changes what is asserted
        assertThat(run("gateway-test", "--auth-client", "reactive", "--repeat", "2", "--duration", "4s", "--warmup-max",
                "2s"))
            .as(err.toString())
            .isZero();
        Path a = latest();
        JsonNode rung = RunFolder.JSON.readTree(a.resolve("summary.json").toFile()).path("rungs").get(0);
        assertThat(rung.path("rps_runs").size()).as("one req/s per pass").isEqualTo(2);
        assertThat(rung.path("intervals").path("covers").asString()).startsWith("between 2 passes");
        assertThat(a.resolve("pass-2").resolve("wrk.json")).isNotEmptyFile();
        Path out = Files.createDirectories(results.resolve("compared"));
        CommandLine line = LabCommand.commandLine();
        StringWriter compared = new StringWriter();
        line.setOut(new PrintWriter(compared, true));
        line.setErr(new PrintWriter(err, true));
        int exit = line.execute("compare", "--a", a.toString(), "--b", a.toString(), "--fail-on", "5%", "--out",
                out.toString());
        assertThat(exit).as(compared + err.toString()).isZero();
        assertThat(compared.toString()).contains("gateway-reactive: req/s 1.00 × [")
            .contains("], no difference beyond noise")
            .contains("FAIL_ON=5%: a rung of B fails when")
            .contains("✓ gateway-reactive: req/s 1.00 × [");
        assertThat(Files.readString(out.resolve("compare.md"))).contains("| gateway-reactive |")
            .contains("no difference beyond noise")
            .contains("passed: no rung is significantly slower by more than 5%");
        assertThat(out.resolve("compare.html")).isNotEmptyFile();
    }

}
