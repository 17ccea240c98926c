package dev.perflab.lab.advise;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * make advise on the real apps, vegeta and the stock example gateway (a route, a bearer
 * token checked by auth-service through WebClient on every request, actuator): each lever
 * a rung of the chain carrying the levers before it, each step measured, advice.md
 * written; a token the gateway's check refuses and a list with nothing to measure are one
 * line each.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class AdviseIntegrationTests {

    private static final String STOCK = AdviceTests.ROOT.resolve("examples/stock-gateway/target/stock-gateway.jar")
        .toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    /**
     * make advise on the test's budget: what is asserted is the chain, its rungs' options
     * and advice.md, not a figure, so each gateway is warmed one 2-second part (6 s with
     * 3-second parts until 2026-11-29).
     */
    private int advise(String jar, String... more) {
        List<String> args = new ArrayList<>(List.of("advise", "--results", results.toString(), "--root",
                AdviceTests.ROOT.toString(), "--gateway-jar", jar, "--route", "/api/hello", "--passes", "2",
                "--duration", "4s", "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "2s", "--rate", "100",
                "--seed", "7", "--java-opts", "-Xms256m -Xmx256m -XX:TieredStopAtLevel=1"));
        args.addAll(List.of(more));
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args.toArray(String[]::new));
    }

    @Test
    void eachLeverIsARungWithTheLeversBeforeItAndGetsItsRowInAdvice() throws Exception {
        int exit = advise(STOCK, "--levers", "no-forwarded-headers,parallel-gc");
        assertThat(exit).as(out + "" + err).isZero();
        String console = out.toString();
        assertThat(console.indexOf("Expected duration: 2 passes of 2 duets over 3 rungs"))
            .as("the budget before the run")
            .isPositive()
            .isLessThan(console.indexOf("Results: "));
        Path folder = results.resolve("latest").toRealPath();
        JsonNode lab = RunFolder.JSON.readTree(folder.resolve("lab.json").toFile());
        assertThat(lab.path("passes_done").asInt()).isEqualTo(2);
        assertThat(lab.path("steps")).hasSize(2);
        JsonNode rungs = RunFolder.JSON.readTree(folder.resolve("run.json").toFile()).path("parameters").path("rungs");
        assertThat(rungs).extracting(rung -> rung.path("name").asString())
            .containsExactly("as-is", "no-forwarded-headers", "parallel-gc");
        assertThat(rungs.get(0).path("java_options").toString()).doesNotContain("forwarded").doesNotContain("Parallel");
        assertThat(rungs.get(1).path("java_options").toString())
            .contains("-Dspring.cloud.gateway.server.webflux.x-forwarded.enabled=false")
            .doesNotContain("Parallel");
        assertThat(rungs.get(2).path("java_options").toString())
            .contains("-Dspring.cloud.gateway.server.webflux.forwarded.enabled=false")
            .contains("-XX:+UseParallelGC");
        for (JsonNode step : lab.path("steps")) {
            assertThat(step.path("verdicts").path("cpu_ms_per_request").path("per_pass")).as(step.toString())
                .hasSize(2);
        }
        String advice = Files.readString(folder.resolve("advice.md"));
        assertThat(advice)
            .contains("| no-forwarded-headers | `spring.cloud.gateway.server.webflux.forwarded.enabled=false; ")
            .contains("| parallel-gc | `JVM option -XX:+UseParallelGC` | ")
            .contains("All the measured levers together against none");
        assertThat(advice.lines().filter(row -> row.startsWith("| ") && row.contains(" × [")).count()).isEqualTo(2);
        assertThat(console).contains("Advice: " + folder.resolve("advice.md"));
    }

    /**
     * The stock gateway's own check: a token auth-service does not know is refused (401),
     * which the lab's first request through each side reports in one line.
     */
    @Test
    void aTokenTheGatewayRefusesIsOneLine() {
        int exit = advise(STOCK, "--levers", "parallel-gc", "--token-header", "Authorization: Bearer not-a-lab-token");
        assertThat(exit).as(out.toString()).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("lab: ").contains("401");
    }

    @Test
    void leversTheJarWouldNotNoticeLeaveNothingToMeasure() {
        int exit = advise(AdviceTests.OWN.toString(), "--levers", "no-http-observation");
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("no-http-observation: your jar does not declare");
        assertThat(err.toString().lines()).hasSize(1)
            .first()
            .asString()
            .isEqualTo(
                    "lab: make advise: no lever left to measure on own-gateway.jar (each is said above); name others with LEVERS=");
    }

}
