package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.verdict.Resolution;
import dev.perflab.lab.Durations;
import java.util.Locale;

/**
 * Everything a paired comparison will do, checked once before anything starts: the two
 * sides, the rate each is offered at the same time, how many passes (fixed in advance:
 * the interval is over passes, and stopping when it looks good would bias it), the
 * windows of each pass, the warm-up.
 *
 * @param warmupLoad WARMUP_LOAD: what drives both sides in the warm-up
 * @param ratePerSide requests per second each gateway is offered; one vegeta sends twice
 * that, round-robin
 * @param seed chooses each pass's order of start, port and schedule
 * @param failOn the FAIL_ON gate as a fraction (0.05 for 5 %), NaN for none
 */
public record PairPlan(Side a, Side b, int ratePerSide, int passes, List<Duration> windows, Duration warmup,
        Duration warmupProbe, WarmUp.Load warmupLoad, Duration timeout, long seed, String route, String header, String authLatency,
        List<String> javaOptions, Duration healthTimeout, Path root, Path results, double failOn, String failOnText) {

    /**
     * Vegeta, two gateways, auth-service and the backend share the cores: a rate well
     * below what one gateway could take alone.
     */
    public static final int DEFAULT_RATE = 400;

    /**
     * Requests in flight per side in the closed loop (RATE=0): the ladder's own closed
     * loop keeps CONNECTIONS=10 per target.
     */
    public static final int CLOSED_LOOP_PER_SIDE = 10;

    /** A pass with fewer sub-windows than this says little about the spread inside it. */
    static final int MAX_WINDOWS = 1000;

    public PairPlan {
        windows = List.copyOf(windows);
        java.util.Objects.requireNonNull(warmupLoad, "warmupLoad");
        javaOptions = List.copyOf(javaOptions);
        if (ratePerSide < 0 || ratePerSide > 50_000) {
            throw new LabException("RATE must be 1 to 50000 requests per second for each side, or 0 for the "
                    + "closed loop, not " + ratePerSide);
        }
        if (passes < 2 || passes > 200) {
            throw new LabException("PASSES must be 2 to 200 (the interval is over passes), not " + passes);
        }
        if (windows.isEmpty() || windows.size() > MAX_WINDOWS) {
            throw new LabException(
                    "DURATION/SUBWINDOW must make 1 to " + MAX_WINDOWS + " windows per pass, not " + windows.size());
        }
        if (warmup.isNegative()) {
            throw new LabException("WARMUP must be 0s or more, not " + Durations.format(warmup));
        }
        if (warmupProbe.toMillis() < 1000) {
            throw new LabException("WARMUP_PROBE must be at least 1s, not " + Durations.format(warmupProbe));
        }
        for (Side side : List.of(a, b)) {
            if (!side.jvm() && !route.startsWith("/service/")) {
                throw new LabException(side.label() + "_GATEWAY=" + side.given()
                        + " routes /service/ (lab/nginx), not ROUTE=" + route + ": leave ROUTE at its default");
            }
            if (!side.jvm() && bearer(header) == null) {
                throw new LabException(side.label() + "_GATEWAY=" + side.given()
                        + " passes the Authorization header to auth-service: TOKEN_HEADER must be "
                        + "'Authorization: Bearer <token>', not " + (header == null ? "none" : "'" + header + "'"));
            }
        }
    }

    /** The token of an "Authorization: Bearer token" header; null for any other. */
    static String bearer(String header) {
        if (header == null) {
            return null;
        }
        int colon = header.indexOf(':');
        String value = header.substring(colon + 1).trim();
        return header.substring(0, colon).trim().equalsIgnoreCase("Authorization") && value.startsWith("Bearer ")
                ? value.substring("Bearer ".length()).trim() : null;
    }

    /** The bearer token every request carries, for nginx's check at its start. */
    String token() {
        return bearer(header);
    }

    /**
     * DURATION split into SUBWINDOW parts; a remainder shorter than a second joins the
     * last part.
     */
    public static List<Duration> split(Duration duration, Duration subwindow) {
        if (duration.toMillis() < 1000 || subwindow.toMillis() < 1000) {
            throw new LabException("DURATION and SUBWINDOW must be at least 1s each, not " + Durations.format(duration)
                    + " and " + Durations.format(subwindow));
        }
        long count = duration.toMillis() / subwindow.toMillis();
        if (count > MAX_WINDOWS) {
            throw new LabException(
                    "DURATION=" + Durations.format(duration) + " in SUBWINDOW=" + Durations.format(subwindow)
                            + " parts makes " + count + " windows per pass; at most " + MAX_WINDOWS);
        }
        List<Duration> parts = new ArrayList<>();
        Duration left = duration;
        while (left.compareTo(subwindow) >= 0) {
            parts.add(subwindow);
            left = left.minus(subwindow);
        }
        if (parts.isEmpty()) {
            parts.add(left);
        }
        else if (!left.isZero()) {
            int last = parts.size() - 1;
            if (left.toMillis() < 1000) {
                parts.set(last, parts.get(last).plus(left));
            }
            else {
                parts.add(left);
            }
        }
        return parts;
    }

    /** The warm-up of every pass: WARMUP_LOAD, WARMUP, WARMUP_PROBE. */
    public WarmUp warmUp() {
        return new WarmUp(warmupLoad, warmup, warmupProbe);
    }

    /** Whether the sides run in the closed loop (RATE=0) rather than at a rate. */
    public boolean closedLoop() {
        return ratePerSide == 0;
    }

    /** The load each side gets, in words. */
    public String describeLoad() {
        return closedLoop()
                ? "closed loop: " + CLOSED_LOOP_PER_SIDE + " requests in flight for each side at the same time ("
                        + 2 * CLOSED_LOOP_PER_SIDE
                        + " vegeta workers round-robin, each sending when its last answer came)"
                : ratePerSide + " req/s offered to each side at the same time by one vegeta (round-robin)";
    }

    Duration measured() {
        return windows.stream().reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * The expected length: each pass starts two gateways (about 20 s on 2 cores), warms
     * them up and measures.
     */
    /** What the plan's passes resolve, and whether that is fine enough for its gate. */
    public String resolution() {
        return Resolution.line(passes, failOn, failOnText);
    }

    String expectedDuration() {
        long least = 20 + Math.min(warmup.toSeconds(), warmupProbe.toSeconds()) + measured().toSeconds()
                + windows.size();
        long most = 20 + warmup.toSeconds() + measured().toSeconds() + windows.size();
        long low = Math.max(1, Math.round((30 + passes * least) / 60.0));
        long high = Math.max(1, Math.round((30 + passes * most) / 60.0));
        return String.format(Locale.ROOT,
                "Expected duration: %d passes of both gateways at once, about %s min (warm-up until the JIT "
                        + "is quiet, at most WARMUP=%s a pass)",
                passes, low == high ? Long.toString(low) : low + " to " + high, Durations.format(warmup));
    }

    Map<String, Object> json() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("design",
                "paired: A and B run at the same time on two ports, in front of the same auth-service and business-service, "
                        + "offered the same rate by one vegeta (round-robin, so each side's requests are sent in the same seconds); "
                        + "both restart every pass in a random order of start, port and schedule");
        plan.put("a", a.json());
        plan.put("b", b.json());
        plan.put("rate_per_side", closedLoop() ? "closed loop" : ratePerSide);
        if (closedLoop()) {
            plan.put("in_flight_per_side", CLOSED_LOOP_PER_SIDE);
        }
        plan.put("passes", passes);
        plan.put("windows_per_pass", windows.size());
        plan.put("window", Durations.format(windows.get(0)));
        plan.put("warmup", warmUp().describe("both sides every pass"));
        plan.put("warmup_load", warmupLoad.id());
        plan.put("timeout", Durations.format(timeout));
        plan.put("seed", seed);
        plan.put("route", route);
        plan.put("token_header", header == null ? "none" : header.substring(0, header.indexOf(':')).trim());
        plan.put("auth_latency", authLatency);
        plan.put("java_opts", String.join(" ", javaOptions));
        if (!Double.isNaN(failOn)) {
            plan.put("fail_on", failOnText);
        }
        return plan;
    }
}
