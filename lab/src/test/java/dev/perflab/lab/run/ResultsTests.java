package dev.perflab.lab.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.verdict.StepVerdict;
import dev.perflab.lab.verdict.Verdict;
import dev.perflab.lab.verdict.Window;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ladder's step verdicts: a rung whose errors were more than 0.1 % of its answers gets
 * no speed verdict, and neither does the rung after it, since its req/s and CPU per
 * request would count failures.
 */
class ResultsTests {

    private static RungResult rung(String name, double rps, long requests, long errors) {
        List<Window> windows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            double value = rps + (i % 2 == 0 ? 5 : -5);
            windows.add(new Window(1 + i / 2, value, 5.0, Map.of("gateway", 400.0 / value)));
        }
        return new RungResult(Scenario.gateway(name, List.of(name), "x"), name,
                new RungResult.ClosedLoop(new RungResult.Throughput(rps, null, List.of(rps), errors, requests), null,
                        null, null, windows, null, null),
                null, null, null, null, null, null, null);
    }

    @Test
    void aRungWithMoreThanATenthOfAPerCentErrorsHasNoVerdictAndNorHasTheNext() {
        List<RungResult> rungs = Results.withVerdicts(List.of(rung("blocking", 1000, 40_000, 0),
                rung("reactive", 2000, 80_000, 81), rung("loop-pools", 2200, 88_000, 0)));
        assertThat(rungs.get(0).verdict()).isNull();
        StepVerdict failed = rungs.get(1).verdict();
        assertThat(failed.rps()).isNull();
        assertThat(failed.proxyCpuPerRequest()).isNull();
        assertThat(failed.withheld())
            .isEqualTo("no verdict: reactive had 81 errors, 0.10 % of its answers (more than 0.1 %)");
        assertThat(rungs.get(2).verdict().withheld()).startsWith("no verdict: reactive had 81 errors");
    }

    @Test
    void aRungWithinTheShareHasItsVerdict() {
        List<RungResult> rungs = Results
            .withVerdicts(List.of(rung("blocking", 1000, 40_000, 40), rung("reactive", 2000, 80_000, 0)));
        StepVerdict step = rungs.get(1).verdict();
        assertThat(step.withheld()).isNull();
        assertThat(step.rps().verdict()).isEqualTo(Verdict.FASTER);
        assertThat(step.proxyCpuPerRequest().verdict()).isEqualTo(Verdict.CHEAPER);
    }

    @Test
    void summaryJsonHoldsTheAnswersAndTheWithheldVerdict() throws Exception {
        List<RungResult> rungs = Results
            .withVerdicts(List.of(rung("blocking", 1000, 40_000, 0), rung("reactive", 2000, 1_000, 1_000)));
        JsonNode json = RunFolder.JSON.readTree(RunFolder.JSON.writeValueAsString(rungs.get(1)));
        assertThat(json.path("requests").asLong()).isEqualTo(1_000);
        assertThat(json.path("errors").asLong()).isEqualTo(1_000);
        assertThat(json.path("verdict").path("withheld").asString())
            .isEqualTo("no verdict: reactive had 1000 errors, 100.00 % of its answers (more than 0.1 %)");
        RungResult back = RunFolder.JSON.readValue(json.toString(), RungResult.class);
        assertThat(back.throughput().failureShare()).isEqualTo(1.0);
        assertThat(back.verdict().withheld()).isEqualTo(json.path("verdict").path("withheld").asString());
    }

}
