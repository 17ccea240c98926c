package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.LabException;
import dev.perflab.lab.run.RunFolder;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A pair as the smallest lineup: its plan, checked once, before anything starts. */
class PairShapeTests {

    private static final Side A = Side.labGateway("A", List.of("reactive"));

    private static final Side B = new Side("B", "reactive,burn", new Side.LabGateway(List.of("reactive", "burn")),
            List.of("-Dlab.burn.micros=40"), null);

    private static SideSettings settings(String route, String header) {
        return new SideSettings(Path.of("."), List.of(), Duration.ofSeconds(60), route, header);
    }

    private static LineupPlan plan(int rate, int passes, List<Duration> windows) {
        return pair(A, rate, passes, windows, settings("/service/hello", null));
    }

    private static LineupPlan pair(Side a, int rate, int passes, List<Duration> windows, SideSettings settings) {
        return LineupPlan.pair(a, B, rate, passes, windows, Duration.ofSeconds(30), Duration.ofSeconds(5),
                WarmUp.Load.FLAT, Duration.ofSeconds(10), 1, settings, "1ms", Path.of("results"), Double.NaN, "");
    }

    @Test
    void aPairIsTwoEntrantsAAndBWithOneDuetAToBWhicheverIsNginx() {
        LineupPlan plan = plan(300, 4, List.of(Duration.ofSeconds(10)));
        assertThat(plan.entrants()).extracting(LineupPlan.Entrant::name).containsExactly("A", "B");
        assertThat(plan.duets()).extracting(LineupPlan.Duet::name).containsExactly("A → B");
        assertThat(plan.duets(2)).as("no way down a ladder of one duet")
            .extracting(LineupPlan.Duet::name)
            .containsExactly("A → B");
        Side nginx = Side.nginx("A", false, Path.of("lab/nginx/auth-request.conf"));
        LineupPlan against = pair(nginx, 300, 4, List.of(Duration.ofSeconds(10)),
                settings("/service/hello", "Authorization: Bearer lab-token"));
        assertThat(against.duets()).extracting(LineupPlan.Duet::name).containsExactly("A → B");
        assertThat(against.alone()).isZero();
    }

    @Test
    void theMeasuredTimeIsSplitIntoWindowsWithAShortRestJoiningTheLast() {
        assertThat(PassWindows.split(Duration.ofSeconds(30), Duration.ofSeconds(10)))
            .containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10));
        assertThat(PassWindows.split(Duration.ofSeconds(25), Duration.ofSeconds(10)))
            .containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(5));
        assertThat(PassWindows.split(Duration.ofMillis(10_500), Duration.ofSeconds(5)))
            .containsExactly(Duration.ofSeconds(5), Duration.ofMillis(5_500));
        assertThat(PassWindows.split(Duration.ofSeconds(4), Duration.ofSeconds(10)))
            .containsExactly(Duration.ofSeconds(4));
    }

    @Test
    void knobsOutsideTheirRangeAreOneLineBeforeAnythingStarts() {
        List<Duration> one = List.of(Duration.ofSeconds(10));
        assertThatThrownBy(() -> plan(-1, 10, one)).isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "RATE must be 1 to 50000 requests per second for each side, or 0 for the " + "closed loop, not -1");
        assertThatThrownBy(() -> plan(300, 1, one)).isInstanceOf(LabException.class)
            .hasMessage("PASSES must be 2 to 200 (the interval is over passes), not 1");
        assertThatThrownBy(() -> PassWindows.split(Duration.ofHours(999_999), Duration.ofSeconds(1)))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("windows per pass; at most 1000");
        assertThatThrownBy(() -> PassWindows.split(Duration.ofMillis(500), Duration.ofSeconds(1)))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("DURATION and SUBWINDOW must be at least 1s each");
    }

    @Test
    void rateZeroIsTheClosedLoopWithTenRequestsInFlightPerSide() {
        LineupPlan closed = plan(0, 4, List.of(Duration.ofSeconds(10)));
        assertThat(closed.closedLoop()).isTrue();
        assertThat(closed.describeLoad()).startsWith("closed loop: 10 requests in flight for each side");
        JsonNode json = RunFolder.JSON.valueToTree(closed.json());
        assertThat(json.path("rate_per_side").asString()).isEqualTo("closed loop");
        assertThat(json.path("in_flight_per_side").asInt()).isEqualTo(10);
        LineupPlan open = plan(300, 4, List.of(Duration.ofSeconds(10)));
        assertThat(open.closedLoop()).isFalse();
        assertThat(open.describeLoad())
            .isEqualTo("300 req/s offered to each side at the same time by one vegeta (round-robin)");
        assertThat(RunFolder.JSON.valueToTree(open.json()).has("in_flight_per_side")).isFalse();
    }

    @Test
    void anNginxSideNeedsTheRouteAndTheBearerTokenItsConfigKnows() {
        Side nginx = Side.nginx("A", false, Path.of("lab/nginx/auth-request.conf"));
        List<Duration> one = List.of(Duration.ofSeconds(10));
        LineupPlan plan = pair(nginx, 300, 4, one, settings("/service/hello", "Authorization: Bearer lab-token"));
        assertThat(plan.settings().token()).isEqualTo("lab-token");
        assertThatThrownBy(() -> pair(nginx, 300, 4, one, settings("/api/hello", "Authorization: Bearer lab-token")))
            .isInstanceOf(LabException.class)
            .hasMessage(
                    "A_GATEWAY=nginx routes /service/ (lab/nginx), not ROUTE=/api/hello: leave ROUTE at its default");
        assertThatThrownBy(() -> pair(nginx, 300, 4, one, settings("/service/hello", "X-Token: abc")))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "A_GATEWAY=nginx passes the Authorization header to auth-service: TOKEN_HEADER must be");
    }

    @Test
    void runJsonNamesBothSidesAndTheDesign() {
        JsonNode json = RunFolder.JSON
            .valueToTree(plan(300, 10, List.of(Duration.ofSeconds(10), Duration.ofSeconds(10))).json());
        assertThat(json.path("design").asString()).startsWith("paired: A and B run at the same time");
        assertThat(json.path("rate_per_side").asInt()).isEqualTo(300);
        assertThat(json.path("passes").asInt()).isEqualTo(10);
        assertThat(json.path("windows_per_pass").asInt()).isEqualTo(2);
        assertThat(json.path("token_header").asString()).isEqualTo("none");
        assertThat(json.path("b").toString()).contains("reactive").contains("burn").contains("-Dlab.burn.micros=40");
    }

}
