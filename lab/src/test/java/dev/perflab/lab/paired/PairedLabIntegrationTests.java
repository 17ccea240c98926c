package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tiny paired make lab on the real apps, nginx, vegeta and wrk: every pass a chain of
 * duets; the same gateway under two names (an A/A step) reads 1.00, a rung with a known
 * CPU cost (the burn profile) reads costlier by that cost, the last gateway has its ratio
 * against nginx measured in the same seconds, and each rung its req/s alone. A pair of
 * the same gateway (A/A) is VerdictIntegrationTests': a pair is the smallest lineup of
 * the same engine (LineupRun), and a lineup's step passing FAIL_ON is LineupRunTests'.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class PairedLabIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    /** The burn rung's lab.burn.micros, in ms. */
    private static final double BURN_MS = 1.2;

    private static final int PASSES = 4;

    /**
     * Each of the three intervals' coverage: 0.1 % of false failures for the test, shared
     * among them.
     */
    private static final double COVERAGE = 1 - 0.001 / 3;

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @Test
    void everyStepGetsAVerdictAndTheBestGatewayItsRatioToNginxInTheSameSeconds() throws Exception {
        Path ladder = Files.writeString(results.resolve("ladder.yml"), """
                rungs:
                  - name: baseline
                    target: backend
                  - name: reactive
                    profiles: [reactive]
                  - name: reactive-again
                    profiles: [reactive]
                    changes: nothing (A/A)
                  - name: burn
                    profiles: [reactive, burn]
                    java_opts: -Dlab.burn.micros=1200
                    changes: 1200 us of CPU per request
                  - name: nginx
                    target: nginx
                """);
        // one 3 s window a pass, in 4 passes: the one test on the real apps in which a
        // known burn (reactive-again, then 1200 us more) is called costlier, fails
        // FAIL_ON=5% and is read at its size, beside an A/A step (make pair-ladder's step
        // of the same burn runs on compose, PairedComposeIntegrationTests). Reading the
        // size is what sets the warm-up: the rung warmed up last costs more in its first
        // duet while its JIT (C1 only) still compiles, and not its partner; with a 3 s
        // warm-up burn's added CPU per request spread over the passes by 0.48 ms
        // (0.84 to 1.86 ms), with up to 6 s in 2 s parts by 0.04 ms, for 7 s more a run
        int passes = PASSES;
        List<String> args = new ArrayList<>(List.of("paired-lab", "--results", results.toString(), "--root", ROOT,
                "--scenarios", ladder.toString(), "--passes", Integer.toString(passes), "--duration", "3s",
                "--subwindow", "3s", "--warmup", "6s", "--warmup-probe", "2s", "--rate", "100", "--alone", "1s",
                "--threads", "5", "--connections", "10", "--seed", "7", "--time", "0s", "--java-opts",
                "-Xms256m -Xmx256m -Xmn64m -XX:+AlwaysPreTouch -XX:TieredStopAtLevel=1", "--fail-on", "5%"));
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int exit = line.execute(args.toArray(String[]::new));
        String steps = Files.exists(results.resolve("latest/lab.json"))
                ? RunFolder.JSON.readTree(results.resolve("latest/lab.json").toFile()).path("steps").toString() : "";
        assertThat(exit).as("the burn step fails FAIL_ON=5%%: " + out + err + steps).isEqualTo(3);
        assertThat(out.toString()).contains("rung baseline left out")
            .contains("✗ FAIL_ON=5%: burn is significantly costlier than reactive-again");
        Path folder = results.resolve("latest").toRealPath();
        JsonNode lab = RunFolder.JSON.readTree(folder.resolve("lab.json").toFile());
        assertThat(lab.path("passes_done").asInt()).isEqualTo(passes);
        assertThat(lab.path("steps")).hasSize(2);
        for (JsonNode step : lab.path("steps")) {
            assertThat(step.path("verdicts").path("cpu_ms_per_request").path("verdict").asString()).as(step.toString())
                .isNotEmpty();
            assertThat(step.path("verdicts").path("bytes_per_request").path("verdict").asString()).isNotEmpty();
        }
        assertThat(lab.path("steps").get(0).path("b").asString()).isEqualTo("reactive-again");
        JsonNode burn = lab.path("steps").get(1).path("verdicts").path("cpu_ms_per_request");
        assertThat(lab.path("steps").get(1).path("b").asString()).isEqualTo("burn");
        assertThat(burn.path("verdict").asString()).as(burn.toString()).isEqualTo("costlier");
        theAaStepHoldsOneAndTheBurnStepItsKnownCost(lab);
        JsonNode versus = lab.path("against_nginx");
        assertThat(versus).hasSize(1);
        assertThat(versus.get(0).path("rung").asString()).isEqualTo("burn");
        for (JsonNode rung : versus) {
            assertThat(rung.path("reference").asString()).isEqualTo("nginx");
            assertThat(rung.path("ratios").path("cpu_ms_per_request").path("low").asDouble()).as(rung.toString())
                .isGreaterThan(0);
        }
        for (String rung : List.of("baseline", "reactive", "reactive-again", "burn", "nginx")) {
            assertThat(lab.path("alone").path(rung).path("mean").asDouble()).as(rung).isGreaterThan(0);
        }
        JsonNode pass = lab.path("pass_results").get(1);
        assertThat(pass.path("chain").asString()).isEqualTo("down the ladder");
        assertThat(pass.path("duets")).extracting(duet -> duet.path("a").asString() + ">" + duet.path("b").asString())
            .containsExactly("nginx>burn", "reactive-again>burn", "reactive>reactive-again");
        JsonNode versusNginx = pass.path("duets").get(0).path("totals");
        assertThat(versusNginx.path("nginx").path("requests").asLong())
            .as("both rungs of a duet were offered the rate in the same seconds")
            .isEqualTo(versusNginx.path("burn").path("requests").asLong());
        assertThat(Files.readString(folder.resolve("report.md")))
            .as("the gateways' req/s alone from their warm-ups, nginx's and the backend's after the duets")
            .contains("Each gateway: the last 2s part of its warm-up, flat out alone with wrk -t5 -c10; after each "
                    + "pass's duets, wrk -t5 -c10 on nginx and business-service (the ceiling) alone, 1s after 1s");
        assertThat(Files.readString(folder.resolve("report.md"))).contains("reactive-again → burn")
            .contains("burn spends ")
            .contains("nginx's CPU per request, measured in the same seconds");
        // the finished run's figures in the history, with its commit
        dev.perflab.lab.history.History.Read history = dev.perflab.lab.history.History
            .read(results.resolve("history.csv"));
        assertThat(history.problems()).isEmpty();
        assertThat(history.rows()).extracting(dev.perflab.lab.history.HistoryRow::figure)
            .contains("reactive-again → burn: cpu_ms_per_request", "reactive-again → burn: bytes_per_request",
                    "burn / nginx: cpu_ms_per_request");
        String commit = RunFolder.JSON.readTree(folder.resolve("run.json").toFile()).path("git_commit").asString();
        assertThat(history.rows()).allSatisfy(row -> {
            assertThat(row.commit()).isEqualTo(commit);
            assertThat(row.command()).isEqualTo("lab");
            assertThat(row.sameSeconds()).isTrue();
        });
        assertThat(out.toString())
            .contains("History: " + history.rows().size() + " figures appended to " + results.resolve("history.csv"));
        assertThat(new ProcessBuilder("pgrep", "-f", folder.toString()).start().waitFor())
            .as("no process of the run is left")
            .isEqualTo(1);
    }

    /**
     * The A/A step (reactive → reactive-again, the same gateway under two names) holds
     * 1.00 in CPU and in bytes per request, and the burn step (reactive-again → burn)
     * holds the burn's known cost: the filter spins until its thread has used
     * lab.burn.micros of CPU time (ThreadMXBean, not wall time:
     * CpuBurnGlobalFilterTests), so burn's CPU per request less reactive-again's is 1.2
     * ms plus at most one turn of the spin's loop (about a microsecond), whatever else
     * the 2 cores do. Each interval is Student's t over the passes' values in lab.json,
     * at COVERAGE, not the lab's 95 %: a 95 % interval misses the truth in 1 run of 20 by
     * design, and CI runs this test on every commit; three intervals at 1 - 0.1 %/3 each
     * (Bonferroni) fail a correct lab in at most 1 run of 1,000. With t(3) = 18.7 they
     * are wide, and say so: in the runs of the commit that wrote this, the A/A's CPU
     * interval was ±0.18 to ±0.91 on the log scale (it catches a side read from the wrong
     * process, not a few per cent), its bytes' ±0.7 to ±1.2 %, the burn's ±0.37 to ±0.46
     * ms (it catches a burn read not at all or twice).
     */
    private static void theAaStepHoldsOneAndTheBurnStepItsKnownCost(JsonNode lab) {
        for (String metric : List.of("cpu_ms_per_request", "bytes_per_request")) {
            List<Double> reactive = perPass(lab, "reactive", "reactive-again", "reactive", metric);
            List<Double> again = perPass(lab, "reactive", "reactive-again", "reactive-again", metric);
            List<Double> logRatios = new ArrayList<>();
            for (int pass = 0; pass < reactive.size(); pass++) {
                logRatios.add(Math.log(again.get(pass) / reactive.get(pass)));
            }
            double[] interval = interval(logRatios);
            assertThat(1.0)
                .as("A/A %s: reactive %s, reactive-again %s, interval [%s, %s]", metric, reactive, again,
                        Math.exp(interval[0]), Math.exp(interval[1]))
                .isBetween(Math.exp(interval[0]), Math.exp(interval[1]));
        }
        List<Double> again = perPass(lab, "reactive-again", "burn", "reactive-again", "cpu_ms_per_request");
        List<Double> burn = perPass(lab, "reactive-again", "burn", "burn", "cpu_ms_per_request");
        List<Double> added = new ArrayList<>();
        for (int pass = 0; pass < burn.size(); pass++) {
            added.add(burn.get(pass) - again.get(pass));
        }
        double[] interval = interval(added);
        assertThat(BURN_MS)
            .as("burn's CPU ms per request less reactive-again's %s, interval [%s, %s]", added, interval[0],
                    interval[1])
            .isBetween(interval[0], interval[1]);
    }

    /** A field of a rung's totals in the duet a > b, one value a pass, from lab.json. */
    private static List<Double> perPass(JsonNode lab, String a, String b, String rung, String field) {
        List<Double> values = new ArrayList<>();
        for (JsonNode pass : lab.path("pass_results")) {
            for (JsonNode duet : pass.path("duets")) {
                if (duet.path("a").asString().equals(a) && duet.path("b").asString().equals(b)) {
                    values.add(duet.path("totals").path(rung).path(field).asDouble());
                }
            }
        }
        assertThat(values).as(a + ">" + b + " " + rung + " " + field).hasSize(PASSES).allMatch(value -> value > 0);
        return values;
    }

    /** Student's t interval for the values' mean at COVERAGE: {low, high}. */
    private static double[] interval(List<Double> values) {
        double[] data = values.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Mean.of(data).getAsDouble();
        double half = TDistribution.of(data.length - 1).inverseCumulativeProbability(1 - (1 - COVERAGE) / 2)
                * Math.sqrt(Variance.of(data).getAsDouble() / data.length);
        return new double[] { mean - half, mean + half };
    }

}
