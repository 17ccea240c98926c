package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * What a pair, the smallest lineup, says and checks of itself (make compare A_GATEWAY=
 * B_GATEWAY=, each step of make pair-ladder): its two sides, its load in words, its
 * expected length and its plan in pair.json.
 */
final class PairShape {

    private PairShape() {
    }

    /**
     * A pair's own checks: two sides, a rate or the closed loop, nginx's route and token.
     */
    static void check(List<LineupPlan.Entrant> entrants, int ratePerSide, SideSettings settings) {
        if (entrants.size() != 2) {
            throw new IllegalArgumentException("a pair is two sides, not " + entrants.size());
        }
        if (ratePerSide < 0 || ratePerSide > 50_000) {
            throw new LabException("RATE must be 1 to 50000 requests per second for each side, or 0 for the "
                    + "closed loop, not " + ratePerSide);
        }
        for (LineupPlan.Entrant entrant : entrants) {
            Side side = entrant.side();
            if (!side.jvm() && !settings.route().startsWith("/service/")) {
                throw new LabException(
                        side.label() + "_GATEWAY=" + side.given() + " routes /service/ (lab/nginx), not ROUTE="
                                + settings.route() + ": leave ROUTE at its default");
            }
            if (!side.jvm() && LineupPlan.bearer(settings.header()) == null) {
                throw new LabException(side.label() + "_GATEWAY=" + side.given()
                        + " passes the Authorization header to auth-service: TOKEN_HEADER must be "
                        + "'Authorization: Bearer <token>', not "
                        + (settings.header() == null ? "none" : "'" + settings.header() + "'"));
            }
        }
    }

    /** The load each side gets, in words. */
    static String describeLoad(LineupPlan plan) {
        return plan.closedLoop()
                ? "closed loop: " + LineupPlan.CLOSED_LOOP_PER_SIDE
                        + " requests in flight for each side at the same time (" + 2 * LineupPlan.CLOSED_LOOP_PER_SIDE
                        + " vegeta workers round-robin, each sending when its last answer came)"
                : plan.ratePerSide() + " req/s offered to each side at the same time by one vegeta (round-robin)";
    }

    private static Duration measured(LineupPlan plan) {
        return plan.windows().stream().reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * The expected length: each pass starts two gateways (about 20 s on 2 cores), warms
     * them up and measures.
     */
    static String expectedDuration(LineupPlan plan) {
        long fixed = 20 + measured(plan).toSeconds() + plan.windows().size();
        long least = fixed + Math.min(plan.warmup().toSeconds(), plan.warmupProbe().toSeconds());
        long most = fixed + plan.warmup().toSeconds();
        long low = Math.max(1, Math.round((30 + plan.passes() * least) / 60.0));
        long high = Math.max(1, Math.round((30 + plan.passes() * most) / 60.0));
        return String.format(Locale.ROOT,
                "Expected duration: %d passes of both gateways at once, about %s min (warm-up until the JIT "
                        + "is quiet, at most WARMUP=%s a pass)",
                plan.passes(), low == high ? Long.toString(low) : low + " to " + high, Durations.format(plan.warmup()));
    }

    /**
     * A pair's plan as pair.json (at its top) and run.json record it: its two sides as
     * each side says, its load, passes, windows and warm-up.
     *
     * @param ratePerSide RATE to each side, or "closed loop"
     * @param inFlightPerSide the requests in flight per side in the closed loop; null
     * (left out) at a rate
     * @param tokenHeader the header's name only: its value may be a real credential
     * @param failOn FAIL_ON as given; null (left out) without it
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Plan(String design, Map<String, Object> a, Map<String, Object> b, Object ratePerSide,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer inFlightPerSide, int passes, int windowsPerPass,
            String window, String warmup, String warmupLoad, String timeout, long seed, String route,
            String tokenHeader, String authLatency, String javaOpts,
            @JsonInclude(JsonInclude.Include.NON_NULL) String failOn) {

        private static final String DESIGN = "paired: A and B run at the same time on two ports, in front of the same "
                + "auth-service and business-service, offered the same rate by one vegeta (round-robin, so each "
                + "side's requests are sent in the same seconds); both restart every pass in a random order of start, "
                + "port and schedule";

        static Plan of(LineupPlan plan) {
            String header = plan.settings().header();
            return new Plan(DESIGN, plan.a().json(), plan.b().json(),
                    plan.closedLoop() ? "closed loop" : plan.ratePerSide(),
                    plan.closedLoop() ? LineupPlan.CLOSED_LOOP_PER_SIDE : null, plan.passes(), plan.windows().size(),
                    Durations.format(plan.windows().get(0)), plan.warmUp().describe("both sides every pass"),
                    plan.warmupLoad().id(), Durations.format(plan.timeout()), plan.seed(), plan.settings().route(),
                    header == null ? "none" : header.substring(0, header.indexOf(':')).trim(), plan.authLatency(),
                    String.join(" ", plan.settings().javaOptions()),
                    Double.isNaN(plan.failOn()) ? null : plan.failOnText());
        }

    }

}
