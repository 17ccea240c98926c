package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.verdict.Quantity;
import dev.perflab.lab.LabException;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.verdict.PairedRatio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PairLadderTests {

    private final StringWriter text = new StringWriter();

    private final PrintWriter out = new PrintWriter(text, true);

    private static Scenario gateway(String name, String... profiles) {
        return Scenario.gateway(name, List.of(profiles), "");
    }

    @Test
    void eachGatewayRungIsPairedWithTheGatewayRungBeforeIt() {
        List<Scenario> ladder = List.of(new Scenario("baseline", TargetKind.BACKEND, List.of(), null, ""),
                gateway("reactive", "reactive"), gateway("log-quiet", "reactive", "log-quiet"),
                new Scenario("nginx", TargetKind.NGINX, List.of(), null, ""),
                gateway("rid-fast", "reactive", "log-quiet", "rid-fast"));
        List<PairLadder.Step> steps = PairLadder.steps(ladder, "1ms", out, new java.util.ArrayList<>());
        assertThat(steps).extracting(PairLadder.Step::name)
            .containsExactly("reactive → log-quiet", "log-quiet → rid-fast");
        assertThat(steps).extracting(PairLadder.Step::number).containsExactly(1, 2);
        assertThat(steps.get(1).folder()).isEqualTo("step-2-rid-fast");
        assertThat(text.toString()).contains("rung baseline left out")
            .contains("the backend alone")
            .contains("rung nginx left out");
    }

    @Test
    void aRungWithItsOwnAuthLatencyIsLeftOutBecauseThePairSharesOneAuthService() {
        List<Scenario> ladder = List.of(gateway("a", "reactive"),
                new Scenario("slow-auth", TargetKind.GATEWAY, List.of("reactive"), "20ms", ""),
                new Scenario("same-auth", TargetKind.GATEWAY, List.of("reactive"), "1ms", ""),
                gateway("b", "reactive"));
        assertThat(PairLadder.steps(ladder, "1ms", out, new java.util.ArrayList<>())).extracting(PairLadder.Step::name)
            .containsExactly("a → same-auth", "same-auth → b");
        assertThat(text.toString()).contains("rung slow-auth left out: it sets auth_latency 20ms");
    }

    @Test
    void fewerThanTwoGatewayRungsIsOneLine() {
        assertThatThrownBy(() -> PairLadder.steps(
                List.of(new Scenario("baseline", TargetKind.BACKEND, List.of(), null, ""), gateway("reactive")), "1ms",
                out, new java.util.ArrayList<>()))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("at least two gateway rungs")
            .hasMessageContaining("there is one (reactive)");
    }

    @Test
    void theVerdictIsCarriedByTheFirstCostWhoseIntervalExcludesOne() {
        PairLadder.Step step = new PairLadder.Step(1, gateway("a"), gateway("b"));
        PairedRatio same = PairedRatio.of(List.of(0.99, 1.01, 1.00), Quantity.COST);
        PairedRatio more = PairedRatio.of(List.of(1.05, 1.06, 1.05), Quantity.COST);
        assertThat(done(step, Map.of(PairedMetric.CPU, same, PairedMetric.BYTES, more, PairedMetric.P50, more))
            .carriedBy()).isEqualTo(PairedMetric.BYTES);
        assertThat(done(step, Map.of(PairedMetric.CPU, more, PairedMetric.BYTES, more)).carriedBy())
            .isEqualTo(PairedMetric.CPU);
        assertThat(done(step, Map.of(PairedMetric.CPU, same, PairedMetric.BYTES, same)).carriedBy()).isNull();
    }

    /**
     * ladder.json keeps its layout: the fixture was written by the map-building
     * PairLadder.Ladder (539e6c7) from the same steps, one with verdicts, one without.
     */
    @Test
    void ladderJsonIsWrittenAsBefore() throws java.io.IOException {
        PairLadder.Step first = new PairLadder.Step(1, gateway("a", "reactive"), gateway("b", "reactive", "quiet"));
        PairLadder.Step second = new PairLadder.Step(2, gateway("b", "reactive", "quiet"),
                gateway("c", "reactive", "quiet", "lean"));
        PairLadder.Step third = new PairLadder.Step(3, gateway("c", "reactive", "quiet", "lean"),
                gateway("d", "reactive"));
        PairedRatio more = PairedRatio.of(List.of(1.05, 1.06, 1.05), Quantity.COST);
        PairedRatio same = PairedRatio.of(List.of(0.99, 1.01, 1.00), Quantity.LATENCY);
        PairLadder.Done carried = done(first, Map.of(PairedMetric.CPU, more, PairedMetric.P50, same), null);
        PairLadder.Done withheld = done(second,
                Map.of(PairedMetric.CPU, new PairedRatio(1.1, null, null, 3, null, List.of(1.0, 1.1, 1.2))),
                "c failed 40 of 4000 requests (1.00 %, more than 0.1 %): no verdict");
        String json = PairJsonTests.json(
                new PairLadder.Ladder(Path.of("x"), List.of(first, second, third), List.of(carried, withheld)).json());
        Path fixture = Path.of("src/test/resources/paired/ladder.json");
        if (java.nio.file.Files.notExists(fixture)) {
            java.nio.file.Files.writeString(fixture, json);
            throw new AssertionError("wrote " + fixture + " from this code: check it, commit it and run again");
        }
        assertThat(json).isEqualTo(java.nio.file.Files.readString(fixture));
    }

    private static PairLadder.Done done(PairLadder.Step step, Map<PairedMetric, PairedRatio> verdicts) {
        return done(step, verdicts, null);
    }

    private static PairLadder.Done done(PairLadder.Step step, Map<PairedMetric, PairedRatio> verdicts,
            String noVerdict) {
        LineupPlan plan = LineupPlan.pair(Side.labGateway("A", List.of("reactive")),
                Side.labGateway("B", List.of("reactive")), 100, 3, List.of(Duration.ofSeconds(10)), Duration.ZERO,
                Duration.ofSeconds(5), WarmUp.Load.FLAT, Duration.ofSeconds(10), 1,
                new SideSettings(Path.of("."), List.of(), Duration.ofSeconds(60), "/service/hello", null), "1ms",
                Path.of("results"), Double.NaN, "");
        return new PairLadder.Done(step,
                new LineupResult(plan, List.of(), List
                    .of(new LineupResult.Step("A", "B", "", new java.util.EnumMap<>(verdicts), noVerdict, null)),
                        List.of(), Map.of(), Path.of("run", step.folder())));
    }

}
