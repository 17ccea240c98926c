package dev.perflab.lab.paired;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.perflab.lab.load.LatencySummary;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.run.WarmUp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * lab.json keeps its layout: the fixture was written by the map-building LineupResult
 * (9e4dba9) from the same lineup, and the history, the planner (PlanNoise) and old run
 * folders read that layout. The lineup has two steps (one without a verdict: its B failed
 * too many requests), a gateway against nginx, two passes of two windows (the noise
 * block) and each rung and the backend driven alone.
 */
class LabJsonTests {

    private static final Path FIXTURE = Path.of("src/test/resources/paired/lab.json");

    static LineupPlan plan() {
        List<LineupPlan.Entrant> entrants = List.of(
                new LineupPlan.Entrant("nginx", "reference", Side.nginx("nginx", false, Path.of("n.conf"))),
                new LineupPlan.Entrant("stock", "the stock gateway", Side.labGateway("stock", List.of("reactive"))),
                new LineupPlan.Entrant("lean", "drops the logging filter",
                        Side.labGateway("lean", List.of("reactive", "lean"))),
                new LineupPlan.Entrant("quiet", "quiets the access log",
                        Side.labGateway("quiet", List.of("reactive", "lean", "log-quiet"))));
        return new LineupPlan(entrants, 100, 2, List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)),
                Duration.ofSeconds(20), Duration.ofSeconds(5), WarmUp.Load.FLAT, Duration.ofSeconds(5),
                Duration.ofSeconds(1), 5, 10, Duration.ofSeconds(10), 7, new SideSettings(Path.of("root"), List.of(),
                        Duration.ofSeconds(60), "/service/hello", "Authorization: Bearer lab-token"),
                "1ms", Path.of("results"), 0.05, "5%", false);
    }

    /** nginx's window: no JVM, no CPU split. */
    static SideWindow nginx(double k) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(Math.round(700 * k), 4_000);
        latency.recordValueWithCount(Math.round(2_000 * k), 40);
        return new SideWindow(4_040, 0, 150 * k, 0.7 * k, 2.0 * k, latency, null);
    }

    /** Each rung's cost: every pass and window moves it a little. */
    private static final Map<String, Double> COST = Map.of("stock", 1.0, "lean", 0.9, "quiet", 0.8);

    static SideWindow side(String rung, int pass, int window, long errors) {
        double k = COST.getOrDefault(rung, 1.0) + 0.01 * window + 0.007 * pass * (rung.length() % 3);
        return rung.equals("nginx") ? nginx(k) : PairJsonTests.window(k, errors);
    }

    static LineupResult.Duet duet(String a, String b, int pass, long errorsB) {
        List<Map<String, SideWindow>> windows = new ArrayList<>();
        List<Stage.Shared> shared = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            Map<String, SideWindow> both = new LinkedHashMap<>();
            both.put(a, side(a, pass, w, 0));
            both.put(b, side(b, pass, w, errorsB));
            windows.add(both);
            shared.add(new Stage.Shared(100.0 + w, 200.0 + pass, w == 0 ? null : 50.0));
        }
        return LineupResult.Duet.of(a, b,
                new WarmUp.Result(Duration.ofMillis(8_250 + 100 * pass), 2 + pass, pass == 1, WarmUp.Load.FLAT),
                windows, shared);
    }

    static LoadResult alone(long successes, long errors) {
        return new LoadResult(successes + errors, 5_000_000, errors, 0, successes,
                new LatencySummary(1, 1, 0, 1, Map.of()), new Histogram(3), "", "");
    }

    static LineupResult lineup() {
        List<LineupResult.Pass> passes = new ArrayList<>();
        for (int p = 1; p <= 2; p++) {
            // lean fails 40 of 4,040 requests a window in the step stock → lean: no
            // verdict
            List<LineupResult.Duet> duets = new ArrayList<>(
                    List.of(duet("stock", "lean", p, 40), duet("lean", "quiet", p, 0), duet("nginx", "quiet", p, 0)));
            List<String> order = List.of("nginx", "stock", "lean", "quiet");
            if (p == 2) {
                java.util.Collections.reverse(duets);
            }
            Map<String, LoadResult> driven = new LinkedHashMap<>();
            driven.put("stock", alone(40_000 + 100 * p, 0));
            driven.put("lean", alone(45_000 + 100 * p, 3));
            driven.put("quiet", alone(48_000 + 100 * p, 0));
            driven.put("nginx", alone(90_000 + 100 * p, 0));
            driven.put(null, alone(120_000 + 100 * p, 0));
            passes.add(new LineupResult.Pass(p, p == 1, order, List.of("quiet", "lean", "stock", "nginx"),
                    duets.stream().map(d -> d.a() + " → " + d.b()).toList(), duets, driven,
                    Map.of("nginx", 38_000 + p, "stock", 38_010 + p, "lean", 38_020 + p, "quiet", 38_030 + p)));
        }
        return LineupResult.of(plan(), passes, Path.of("x"));
    }

    @Test
    void aLineupIsWrittenAsBefore() throws IOException {
        String json = PairJsonTests.json(lineup().json());
        if (Files.notExists(FIXTURE)) {
            Files.writeString(FIXTURE, json);
            fail("wrote " + FIXTURE + " from this code: check it, commit it and run again");
        }
        assertThat(json).isEqualTo(Files.readString(FIXTURE));
    }

}
