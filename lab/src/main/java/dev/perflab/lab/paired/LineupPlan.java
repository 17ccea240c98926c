package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;

/**
 * What a paired make lab measures: every rung of the ladder at once (the lab's gateway
 * with each rung's profiles, nginx as the reference), in front of one auth-service and
 * one business-service, offered the same rate by one vegeta in the same seconds; each
 * step is read as the ratio of a rung to the gateway rung before it inside the same
 * windows, pass by pass, and every gateway against its nginx reference. One warm-up a
 * pass serves every step. After the windows, wrk drives each rung alone in turn for its
 * closed-loop req/s (and the backend alone, the ceiling).
 *
 * @param ratePerSide requests per second each rung is offered; one vegeta sends N times
 * that, round-robin
 * @param alone wrk's closed loop on each rung alone after the windows, after a ramp of
 * {@code aloneRamp}; zero for none
 */
public record LineupPlan(List<Entrant> entrants, int ratePerSide, int passes, List<Duration> windows, Duration warmup,
        Duration warmupProbe, Duration alone, Duration aloneRamp, int aloneThreads, int aloneConnections,
        Duration timeout, long seed, SideSettings settings, String authLatency, Path results, double failOn,
        String failOnText) {

    /**
     * The total rate one vegeta offers all rungs on a 2-core machine, when PAIR_RATE is
     * not given: with nine or ten sides, about 200 req/s each, where gateways, backends
     * and vegeta together use about three quarters of the cores.
     */
    public static final int DEFAULT_TOTAL_RATE = 2000;

    /**
     * One rung of the lineup: its name, what it changes, how it runs; a reference (nginx)
     * is read against, never as a step.
     */
    public record Entrant(String name, String changes, Side side) {

        /** Whether this rung is a gateway step (a JVM), not an nginx reference. */
        public boolean gateway() {
            return side.jvm();
        }

        /** Whether this rung caches auth answers (its reference is nginx-cached). */
        public boolean caches() {
            return side.cachesAuth();
        }

        Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("name", name);
            json.put("changes", changes);
            json.putAll(side.json());
            return json;
        }

    }

    public LineupPlan {
        entrants = List.copyOf(entrants);
        windows = List.copyOf(windows);
        Set<String> names = new HashSet<>();
        for (Entrant entrant : entrants) {
            if (!names.add(entrant.name())) {
                throw new LabException("the ladder names rung " + entrant.name() + " twice");
            }
        }
        if (entrants.stream().filter(Entrant::gateway).count() < 2) {
            throw new LabException("a paired make lab needs at least two gateway rungs to read a step, and "
                    + entrants.stream().filter(Entrant::gateway).count() + " were chosen: name two or more with ONLY=");
        }
        if (ratePerSide < 1 || ratePerSide > 50_000) {
            throw new LabException(
                    "PAIR_RATE must be 1 to 50000 requests per second for each rung, not " + ratePerSide);
        }
        if (passes < 2 || passes > 200) {
            throw new LabException("PASSES must be 2 to 200 (the interval is over passes), not " + passes);
        }
        if (windows.isEmpty() || windows.size() > PairPlan.MAX_WINDOWS) {
            throw new LabException("DURATION/SUBWINDOW must make 1 to " + PairPlan.MAX_WINDOWS
                    + " windows per pass, not " + windows.size());
        }
        if (warmup.isNegative()) {
            throw new LabException("WARMUP must be 0s or more, not " + Durations.format(warmup));
        }
        if (warmupProbe.toMillis() < 1000) {
            throw new LabException("WARMUP_PROBE must be at least 1s, not " + Durations.format(warmupProbe));
        }
        for (Entrant entrant : entrants) {
            if (!entrant.gateway() && PairPlan.bearer(settings.header()) == null) {
                throw new LabException("rung " + entrant.name() + " runs nginx, which passes the Authorization header "
                        + "to auth-service: TOKEN_HEADER must be 'Authorization: Bearer <token>'");
            }
        }
    }

    /**
     * The gateway rungs, in the ladder's order: each step is one of them against the one
     * before.
     */
    public List<Entrant> gateways() {
        return entrants.stream().filter(Entrant::gateway).toList();
    }

    /**
     * The nginx rung a gateway rung is read against: nginx-cached for a rung that caches
     * auth answers (when the lineup has one), plain nginx otherwise; null when the lineup
     * has no nginx.
     */
    public Entrant reference(Entrant gateway) {
        Entrant plain = null;
        Entrant cached = null;
        for (Entrant entrant : entrants) {
            if (!entrant.gateway()) {
                if (entrant.side().cachesAuth()) {
                    cached = cached == null ? entrant : cached;
                }
                else {
                    plain = plain == null ? entrant : plain;
                }
            }
        }
        return gateway.caches() && cached != null ? cached : plain;
    }

    /** The steps: each gateway rung after the first, with the one before it. */
    public List<Entrant[]> steps() {
        List<Entrant> gateways = gateways();
        List<Entrant[]> steps = new ArrayList<>();
        for (int i = 1; i < gateways.size(); i++) {
            steps.add(new Entrant[] { gateways.get(i - 1), gateways.get(i) });
        }
        return steps;
    }

    public String describeLoad() {
        return ratePerSide + " req/s offered to each of the " + entrants.size()
                + " rungs at the same time by one vegeta (" + ratePerSide * entrants.size() + " req/s round-robin)";
    }

    Duration measured() {
        return windows.stream().reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * The expected length: each pass starts every rung at once (about 30 s for nine on
     * two cores), warms them up together, measures, then drives each alone.
     */
    public String expectedDuration() {
        long aloneAll = alone.isZero() ? 0 : (entrants.size() + 1) * (alone.toSeconds() + aloneRamp.toSeconds() + 1);
        long fixed = 10 + 3L * entrants.size() + measured().toSeconds() + windows.size() + aloneAll;
        long least = fixed + Math.min(warmup.toSeconds(), 4 * warmupProbe.toSeconds());
        long most = fixed + warmup.toSeconds();
        long low = Math.max(1, Math.round((30 + passes * least) / 60.0));
        long high = Math.max(1, Math.round((30 + passes * most) / 60.0));
        return String.format(Locale.ROOT,
                "Expected duration: %d passes of all %d rungs at once, about %s min (warm-up until every JIT is "
                        + "quiet, at most WARMUP=%s a pass)",
                passes, entrants.size(), low == high ? Long.toString(low) : low + " to " + high,
                Durations.format(warmup));
    }

    public Map<String, Object> json() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("design", "paired ladder: every rung at the same time on its own port, in front of the same "
                + "auth-service and business-service, offered the same rate by one vegeta (round-robin, so every "
                + "rung's requests are sent in the same seconds); all restart every pass in a rotated order of "
                + "start, port and schedule; each step is the ratio of a rung to the gateway rung before it in "
                + "the same windows, with a 95 % interval over the passes");
        plan.put("rungs", entrants.stream().map(Entrant::json).toList());
        plan.put("rate_per_side", ratePerSide);
        plan.put("passes", passes);
        plan.put("windows_per_pass", windows.size());
        plan.put("window", Durations.format(windows.get(0)));
        plan.put("warmup", "up to " + Durations.format(warmup) + " in " + Durations.format(warmupProbe)
                + " parts, until no JVM's JIT compiled for more than 1 % of its CPU in the last part");
        plan.put("alone", alone.isZero() ? "none" : "wrk -t" + aloneThreads + " -c" + aloneConnections
                + " on each rung alone, " + Durations.format(alone) + " after " + Durations.format(aloneRamp));
        plan.put("timeout", Durations.format(timeout));
        plan.put("seed", seed);
        plan.put("route", settings.route());
        plan.put("auth_latency", authLatency);
        plan.put("java_opts", String.join(" ", settings.javaOptions()));
        if (!Double.isNaN(failOn)) {
            plan.put("fail_on", failOnText);
        }
        return plan;
    }

}
