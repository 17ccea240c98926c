package dev.perflab.lab.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.targets.Target;
import dev.perflab.lab.verdict.Verdict;
import dev.perflab.lab.verdict.Window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ComparisonTests {

    @TempDir
    Path dir;

    /** A finished run whose rungs each measured one pass per value (PASSES=n). */
    private Path run(String name, String duration, Map<String, double[]> rungs) throws IOException {
        return run(name, duration, rungs, false);
    }

    /**
     * A finished run; {@code onePass}: each rung's values are the windows of one start
     * (PASSES=1), else one pass each.
     */
    private Path run(String name, String duration, Map<String, double[]> rungs, boolean onePass) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("run.json"),
                "{\"command\": \"lab\", \"jdk\": \"17\", \"machine\": {\"cpu_model\": \"EPYC\", \"cores\": 2},"
                        + " \"parameters\": {\"threads\": 5, \"connections\": 10, \"duration\": \"" + duration
                        + "\", \"repeat\": 1}}");
        List<RungResult> results = new ArrayList<>();
        rungs.forEach((rung, rps) -> {
            if (rps.length == 0) {
                results.add(RungResult.skipped(Scenario.gateway(rung, List.of(rung), "x"), "wrk is not installed"));
                return;
            }
            List<Window> windows = new ArrayList<>();
            for (double value : rps) {
                windows.add(new Window(onePass ? 1 : windows.size() + 1, value, 5.0, Map.of("gateway", 400.0 / value)));
            }
            double mean = java.util.Arrays.stream(rps).average().orElse(0);
            results.add(new RungResult(Scenario.gateway(rung, List.of(rung), "x"), rung,
                    new RungResult.ClosedLoop(new RungResult.Throughput(mean, null, List.of(mean), 0L), null, null,
                            null, windows, null, null),
                    null, null, null, null, null, null, null));
        });
        Files.writeString(folder.resolve("summary.json"), RunFolder.JSON.writeValueAsString(Map.of("rungs", results)));
        return RunFolder.existing(folder).dir();
    }

    /** The runner's command line, printing both of its streams to {@code out}. */
    private static picocli.CommandLine commandLine(java.io.StringWriter out) {
        picocli.CommandLine line = dev.perflab.lab.cli.LabCommand.commandLine();
        line.setOut(new java.io.PrintWriter(out, true));
        line.setErr(new java.io.PrintWriter(out, true));
        return line;
    }

    @Test
    void rungsAreComparedByNameWithVerdictsAndOneSidedRungsAreListed() throws IOException {
        Path a = run("a", "60s",
                new java.util.LinkedHashMap<>(Map.of("blocking", new double[] { 1500, 1520, 1490, 1510 })));
        Path b = run("b", "60s", new java.util.LinkedHashMap<>(
                Map.of("blocking", new double[] { 1000, 1010, 990, 1005 }, "reactive", new double[] { 2500, 2510 })));
        Comparison comparison = Comparison.of(a, b);
        assertThat(comparison.rows()).hasSize(1);
        Comparison.Row row = comparison.rows().get(0);
        assertThat(row.step().rps().verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(row.step().proxyCpuPerRequest().verdict()).isEqualTo(Verdict.COSTLIER);
        assertThat(comparison.onlyInB()).containsExactly("reactive");
        assertThat(comparison.slowerThan(0.05)).extracting(Comparison.Row::rung).containsExactly("blocking");
        assertThat(comparison.slowerThan(0.40)).as("a third slower is not more than 40 % slower").isEmpty();
        assertThat(comparison.warnings()).isEmpty();
    }

    /**
     * make compare FAIL_ON=5%: a ✓/✗ line per rung measured in both runs, after the
     * paths, and exit code 3 when a rung of B is significantly slower by more than that.
     */
    @Test
    void theGateSaysEachRungInOneLineAndExitsWithThreeWhenOneIsSlower() throws IOException {
        Path a = run("a", "60s", new java.util.LinkedHashMap<>(Map.of("blocking",
                new double[] { 1500, 1520, 1490, 1510 }, "reactive", new double[] { 2400, 2550, 2480, 2390 })));
        Path b = run("b", "60s", new java.util.LinkedHashMap<>(Map.of("blocking",
                new double[] { 1000, 1010, 990, 1005 }, "reactive", new double[] { 2530, 2410, 2470, 2560 })));
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine line = commandLine(out);
        assertThat(line.execute("compare", "--a", a.toString(), "--b", b.toString(), "--fail-on", "5%", "--out",
                dir.toString()))
            .as(out.toString())
            .isEqualTo(3);
        List<String> gates = out.toString().lines().filter(l -> l.startsWith("  ✓") || l.startsWith("  ✗")).toList();
        String blocking = Comparison.of(a, b)
            .rows()
            .stream()
            .filter(row -> row.rung().equals("blocking"))
            .findFirst()
            .orElseThrow()
            .rpsText();
        assertThat(gates).containsExactlyInAnyOrder("  ✗ blocking: req/s " + blocking + ", slower by more than 5%",
                gates.stream().filter(l -> l.startsWith("  ✓ reactive: req/s ")).findFirst().orElse("missing"));
        assertThat(gates).anyMatch(l -> l.endsWith("not significantly slower by more than 5%"));
        assertThat(out.toString().indexOf("FAIL_ON=5%: a rung of B"))
            .isGreaterThan(out.toString().indexOf("Comparison: "));
        assertThat(out.toString().lines().findFirst().orElseThrow())
            .as("runs measured apart say first what they can resolve, and that they are no CI gate")
            .startsWith("Two runs measured apart: on a shared machine they resolve only about ±34 %")
            .endsWith("make compare A_GATEWAY= B_GATEWAY= FAIL_ON=5%");
        out.getBuffer().setLength(0);
        assertThat(line.execute("compare", "--a", a.toString(), "--b", b.toString(), "--fail-on", "40%", "--out",
                dir.toString()))
            .as("a third slower is not more than 40 % slower")
            .isZero();
        assertThat(out.toString()).contains("  ✓ blocking: req/s ").doesNotContain("✗");
    }

    /**
     * A gate that cannot decide does not pass: a rung of A that B lacks, or that B did
     * not measure, fails FAIL_ON with the reason in its line (exit 3), even when every
     * rung measured in both is as fast as before.
     */
    @Test
    void aRungMissingFromBOrNotMeasuredThereFailsTheGate() throws IOException {
        Path a = run("a", "60s", new java.util.LinkedHashMap<>(Map.of("reactive",
                new double[] { 2400, 2550, 2480, 2390 }, "log-quiet", new double[] { 2500, 2510, 2490, 2505 })));
        Path b = run("b", "60s",
                new java.util.LinkedHashMap<>(Map.of("reactive", new double[] { 2530, 2410, 2470, 2560 })));
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine line = commandLine(out);
        assertThat(line.execute("compare", "--a", a.toString(), "--b", b.toString(), "--fail-on", "5%", "--out",
                dir.toString()))
            .as(out.toString())
            .isEqualTo(3);
        assertThat(out.toString()).contains("  ✗ log-quiet: measured in A, missing from B, so the gate cannot decide")
            .contains("  ✓ reactive: req/s ");
        assertThat(Files.readString(dir.resolve("compare.md"))).contains("**failed**")
            .contains("log-quiet (missing from B)");
        Path unmeasured = run("c", "60s", new java.util.LinkedHashMap<>(
                Map.of("reactive", new double[] { 2530, 2410, 2470, 2560 }, "log-quiet", new double[0])));
        out.getBuffer().setLength(0);
        assertThat(line.execute("compare", "--a", a.toString(), "--b", unmeasured.toString(), "--fail-on", "5%",
                "--out", dir.toString()))
            .as(out.toString())
            .isEqualTo(3);
        assertThat(out.toString()).contains("  ✗ log-quiet: not measured in both runs, so the gate cannot decide");
        out.getBuffer().setLength(0);
        assertThat(line.execute("compare", "--a", a.toString(), "--b", unmeasured.toString(), "--out", dir.toString()))
            .as("without FAIL_ON there is no gate to fail")
            .isZero();
    }

    /**
     * Two runs of the same system differ by noise alone: other figures, the same spread.
     * That is no difference, and no gate fails on it.
     */
    @Test
    void noiseIsNoDifferenceAndFailsNoGate() throws IOException {
        Comparison comparison = Comparison.of(
                run("a", "60s", Map.of("reactive", new double[] { 2400, 2550, 2480, 2390, 2510, 2460 })),
                run("b", "60s", Map.of("reactive", new double[] { 2530, 2410, 2470, 2560, 2380, 2440 })));
        assertThat(comparison.rows().get(0).step().rps().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(comparison.slowerThan(0.05)).isEmpty();
        assertThat(comparison.slowerThan(0)).as("not slower at all, whatever the gate").isEmpty();
    }

    /**
     * A small slowdown the windows agree on is slower, and fails a gate below its size
     * only.
     */
    @Test
    void aSmallCertainSlowdownFailsOnlyAGateBelowItsSize() throws IOException {
        Comparison comparison = Comparison.of(
                run("a", "60s", Map.of("reactive", new double[] { 1000, 1002, 998, 1001, 999, 1000 })),
                run("b", "60s", Map.of("reactive", new double[] { 970, 972, 968, 971, 969, 970 })));
        assertThat(comparison.rows().get(0).step().rps().verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(comparison.rows().get(0).step().rps().ratio()).isCloseTo(0.97,
                org.assertj.core.data.Offset.offset(0.001));
        assertThat(comparison.slowerThan(0.05)).as("3 % slower passes a 5 % gate").isEmpty();
        assertThat(comparison.slowerThan(0.02)).extracting(Comparison.Row::rung).containsExactly("reactive");
    }

    /**
     * Two runs of one pass each: their windows vary less than two starts do, so the
     * ratios keep their intervals, labelled, with no verdict; a gate cannot decide on
     * them and fails, even on a 33 % slowdown the windows agree on.
     */
    @Test
    void runsOfOnePassGetIntervalsWithoutVerdictsAndAGateCannotPassThem() throws IOException {
        Path a = run("a", "60s", Map.of("blocking", new double[] { 1500, 1520, 1490, 1510 }), true);
        Path b = run("b", "60s", Map.of("blocking", new double[] { 1000, 1010, 990, 1005 }), true);
        Comparison.Row row = Comparison.of(a, b).rows().get(0);
        assertThat(row.step().rps().low()).isNotNull();
        assertThat(row.step().rps().verdict()).isNull();
        assertThat(row.step().proxyCpuPerRequest().verdict()).isNull();
        assertThat(row.step().noVerdict()).startsWith("no verdict: the intervals are over the windows of one start");
        assertThat(row.rpsText()).endsWith("within one start, no verdict");
        java.io.StringWriter out = new java.io.StringWriter();
        assertThat(commandLine(out).execute("compare", "--a", a.toString(), "--b", b.toString(), "--fail-on", "5%",
                "--out", dir.toString()))
            .as(out.toString())
            .isEqualTo(3);
        assertThat(out.toString()).contains("  ✗ blocking (one start each: no verdict): req/s 0.67 × [")
            .contains("within one start, no verdict, so the gate cannot decide");
        Path c = run("c", "60s", Map.of("blocking", new double[] { 1000, 1010, 990, 1005 }), false);
        assertThat(Comparison.of(a, c).rows().get(0).step().rps().verdict())
            .as("one side of one pass is enough to withhold the verdict")
            .isNull();
    }

    @Test
    void twoOneRungRunsAreComparedWhateverTheirRungsAreCalled() throws IOException {
        // make gateway-test locally ("gateway-reactive") against RUNTIME=remote's one
        // gateway rung ("gateway")
        Comparison comparison = Comparison.of(
                run("a", "60s", Map.of("gateway-reactive", new double[] { 2400, 2550, 2480, 2390 })),
                run("b", "60s", Map.of("gateway", new double[] { 2530, 2410, 2470, 2440 })));
        assertThat(comparison.rows()).extracting(Comparison.Row::rung).containsExactly("gateway-reactive");
        assertThat(comparison.rows().get(0).step().rps().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(comparison.onlyInA()).isEmpty();
        assertThat(comparison.onlyInB()).isEmpty();
        assertThat(comparison.warnings()).containsExactly(
                "each run has one rung, named gateway-reactive in A and gateway in B: compared with each other");
    }

    @Test
    void differentParametersAreNamedInAWarning() throws IOException {
        Comparison comparison = Comparison.of(run("a", "60s", Map.of("reactive", new double[] { 1, 2 })),
                run("b", "30s", Map.of("reactive", new double[] { 1, 2 })));
        assertThat(comparison.warnings()).containsExactly("duration: 60s in A, 30s in B");
    }

    @Test
    void theReportsSayTheVerdictAndTheGate() throws IOException {
        Path a = run("a", "60s", Map.of("blocking", new double[] { 1500, 1520, 1490, 1510 }));
        Path b = run("b", "60s", Map.of("blocking", new double[] { 1000, 1010, 990, 1005 }));
        Comparison comparison = Comparison.of(a, b);
        CompareWriter writer = new CompareWriter(comparison, "5%", comparison.slowerThan(0.05));
        assertThat(writer.markdown()).contains("| blocking | 1,505 | 1,001 | 0.67 × [")
            .contains("slower")
            .contains("**failed**");
        assertThat(writer.html()).contains("<svg id=\"ratios\"")
            .contains("<td>blocking</td>")
            .contains("class=\"failed\"");
        CompareWriter noGate = new CompareWriter(comparison, "", List.of());
        assertThat(noGate.markdown()).doesNotContain("Gate FAIL_ON");
        Comparison skipped = new Comparison("a", "b", List.of(),
                List.of(new Comparison.Row("nginx", null, 3000.0, null, "x", "x")), List.of(), List.of());
        assertThat(new CompareWriter(skipped, "", List.of()).html()).contains("not measured in both");
    }

    @Test
    void failOnTakesAPercentageAndRefusesAnythingElseInOneLine() {
        assertThat(Comparison.threshold("5%")).isEqualTo(0.05);
        assertThat(Comparison.threshold(" 12.5 % ".replace(" %", "%"))).isEqualTo(0.125);
        assertThatThrownBy(() -> Comparison.threshold("five")).isInstanceOf(LabException.class)
            .hasMessage("FAIL_ON must be a percentage from 0 to 100, such as 5%, not 'five'");
        assertThatThrownBy(() -> Comparison.threshold("-1%")).isInstanceOf(LabException.class);
    }

    @Test
    void aFolderThatIsNoRunIsNamed() {
        assertThatThrownBy(() -> RunFolder.existing(dir)).isInstanceOf(LabException.class)
            .hasMessageContaining("holds no summary.json");
    }

}
