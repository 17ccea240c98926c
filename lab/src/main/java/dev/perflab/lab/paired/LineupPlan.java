package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;
import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.verdict.Resolution;

/**
 * The one plan of the paired targets. A pair ({@link #pair}: make compare, a step of make
 * pair-ladder) is the smallest lineup: two sides and one duet A → B. A paired make lab
 * measures the ladder's steps as a chain of duets. Every pass starts every rung of the
 * ladder (the lab's gateway with each rung's profiles, nginx as the reference) in front
 * of one auth-service and one business-service; then, duet by duet, two rungs are offered
 * the same rate by one vegeta in the same seconds while the others stand idle: each step
 * (a rung against the gateway rung before it), and the last gateway that calls
 * auth-service on every request against nginx, the last that caches against nginx-cached.
 * Consecutive duets share a rung, so each gateway is warmed up once a pass, when it first
 * appears, flat out and alone, and serves two duets. Odd passes walk the chain up the
 * ladder, even passes down, so the newly warmed rung is B in half the passes and A in the
 * other half. Each rung's closed-loop req/s alone: a gateway's is the last part of its
 * warm-up, flat out alone with the same wrk ({@link #aloneInWarmUp}); after the duets,
 * wrk drives nginx and the backend alone (the ceiling) in turn.
 *
 * @param ratePerSide requests per second each rung of a duet is offered; one vegeta sends
 * twice that, round-robin
 * @param warmupLoad WARMUP_LOAD: what drives a gateway in its warm-up
 * @param pair a pair (make compare A_GATEWAY= B_GATEWAY=, a step of make pair-ladder):
 * the smallest lineup, two entrants A and B (either may be nginx) and one duet A → B,
 * both cold every pass, offered RATE or, at 0, the closed loop
 * @param alone wrk's closed loop on each rung alone after the windows, after a ramp of
 * {@code aloneRamp}; zero for none
 */
public record LineupPlan(List<Entrant> entrants, int ratePerSide, int passes, List<Duration> windows, Duration warmup,
        Duration warmupProbe, WarmUp.Load warmupLoad, Duration alone, Duration aloneRamp, int aloneThreads,
        int aloneConnections, Duration timeout, long seed, SideSettings settings, String authLatency, Path results,
        double failOn, String failOnText, boolean pair) {

    /**
     * The rate each rung of a duet is offered when RATE is not given: the pairs' (make
     * compare, make pair-ladder), at which a gateway's cost per request is the one it has
     * under load (docs/en/13-paired.md).
     */
    public static final int DEFAULT_RATE = 400;

    /**
     * Requests in flight per side in a pair's closed loop (RATE=0, CLOSED_LOOP=yes): the
     * ladder's own closed loop keeps CONNECTIONS=10 per target.
     */
    public static final int CLOSED_LOOP_PER_SIDE = 10;

    /**
     * wrk's threads and connections on a gateway flat out in its warm-up: those of the
     * req/s column by default (THREADS, CONNECTIONS). A gateway alone here compiled the
     * bulk of its code in about 30 s under wrk -t5 -c10 (1,850 req/s), 34 to 40 s under
     * -t1 -c4 (1,100), 43 s under -c2: the more requests, the sooner its methods are hot
     * (docs/en/13-paired.md).
     */
    public static final int WARMUP_WRK_THREADS = 5;

    public static final int WARMUP_WRK_CONNECTIONS = 10;

    /** A pass with fewer sub-windows than this says little about the spread inside it. */
    static final int MAX_WINDOWS = 1000;

    /**
     * The measured time of a duet in a pass when DURATION is not given: two windows of 8
     * s, 6,400 requests to each rung, its CPU to 0.4 % (the kernel counts in 10 ms).
     */
    public static final Duration DUET_DURATION = Duration.ofSeconds(16);

    /** A duet's window when SUBWINDOW is not given. */
    public static final Duration DUET_WINDOW = Duration.ofSeconds(8);

    /**
     * Two rungs measured in the same seconds: a step (B the gateway rung after A) or a
     * gateway (B) against its nginx reference (A).
     */
    public record Duet(Entrant a, Entrant b) {

        /** Whether this duet reads a gateway against nginx rather than a step. */
        public boolean reference() {
            return !a.gateway();
        }

        public String name() {
            return a.name() + " → " + b.name();
        }

    }

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

    }

    public LineupPlan {
        entrants = List.copyOf(entrants);
        java.util.Objects.requireNonNull(warmupLoad, "warmupLoad");
        windows = List.copyOf(windows);
        Set<String> names = new HashSet<>();
        for (Entrant entrant : entrants) {
            if (!names.add(entrant.name())) {
                throw new LabException("the ladder names rung " + entrant.name() + " twice");
            }
        }
        if (pair) {
            PairShape.check(entrants, ratePerSide, settings);
        }
        else if (entrants.stream().filter(Entrant::gateway).count() < 2) {
            throw new LabException("a paired make lab needs at least two gateway rungs to read a step, and "
                    + entrants.stream().filter(Entrant::gateway).count() + " were chosen: name two or more with ONLY=");
        }
        else if (ratePerSide < 1 || ratePerSide > 50_000) {
            throw new LabException("RATE must be 1 to 50000 requests per second for each rung, not " + ratePerSide);
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
        for (Entrant entrant : entrants) {
            if (!entrant.gateway() && bearer(settings.header()) == null) {
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
        if (pair) {
            return List.<Entrant[]>of(new Entrant[] { entrants.get(0), entrants.get(1) });
        }
        List<Entrant> gateways = gateways();
        List<Entrant[]> steps = new ArrayList<>();
        for (int i = 1; i < gateways.size(); i++) {
            steps.add(new Entrant[] { gateways.get(i - 1), gateways.get(i) });
        }
        return steps;
    }

    /**
     * The chain of duets up the ladder: each step, and right after the step that brings
     * in the last gateway that calls auth-service on every request (and the last that
     * caches), that gateway against its nginx reference. Each duet shares a rung with the
     * one before it.
     */
    public List<Duet> duets() {
        if (pair) {
            return List.of(new Duet(entrants.get(0), entrants.get(1)));
        }
        List<Entrant> gateways = gateways();
        List<Entrant> headline = new ArrayList<>();
        for (boolean caches : List.of(false, true)) {
            List<Entrant> kind = gateways.stream().filter(g -> g.caches() == caches).toList();
            if (!kind.isEmpty() && reference(kind.get(kind.size() - 1)) != null) {
                headline.add(kind.get(kind.size() - 1));
            }
        }
        List<Duet> duets = new ArrayList<>();
        for (int i = 0; i < gateways.size(); i++) {
            Entrant gateway = gateways.get(i);
            if (i > 0) {
                duets.add(new Duet(gateways.get(i - 1), gateway));
            }
            if (headline.contains(gateway)) {
                duets.add(new Duet(reference(gateway), gateway));
            }
        }
        return duets;
    }

    /** The chain of a pass: up the ladder in odd passes, down in even ones. */
    public List<Duet> duets(int pass) {
        return duets(pass, null);
    }

    /**
     * The chain of a pass that restarts only {@code rungs} (null: every rung): the duets
     * of those rungs alone.
     */
    public List<Duet> duets(int pass, Set<String> rungs) {
        List<Duet> chain = new ArrayList<>(duets());
        chain.removeIf(duet -> rungs != null && !(rungs.contains(duet.a().name()) && rungs.contains(duet.b().name())));
        if (pass % 2 == 0) {
            Collections.reverse(chain);
        }
        return chain;
    }

    /**
     * A pair's plan: A and B, one duet A → B, both cold every pass; checked once, before
     * anything starts.
     * @param ratePerSide RATE to each side, or 0 for the closed loop
     */
    public static LineupPlan pair(Side a, Side b, int ratePerSide, int passes, List<Duration> windows, Duration warmup,
            Duration warmupProbe, WarmUp.Load warmupLoad, Duration timeout, long seed, SideSettings settings,
            String authLatency, Path results, double failOn, String failOnText) {
        return new LineupPlan(List.of(new Entrant(a.label(), a.given(), a), new Entrant(b.label(), b.given(), b)),
                ratePerSide, passes, windows, warmup, warmupProbe, warmupLoad, Duration.ZERO, Duration.ZERO, 1, 1,
                timeout, seed, settings, authLatency, results, failOn, failOnText, true);
    }

    /** A pair's side A; the first rung of a ladder. */
    public Side a() {
        return entrants.get(0).side();
    }

    /** A pair's side B; the second rung of a ladder. */
    public Side b() {
        return entrants.get(1).side();
    }

    /**
     * Whether the sides run in the closed loop (a pair at RATE=0) rather than at a rate.
     */
    public boolean closedLoop() {
        return ratePerSide == 0;
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

    /** The warm-up of each gateway: WARMUP_LOAD, WARMUP, WARMUP_PROBE. */
    public WarmUp warmUp() {
        return new WarmUp(warmupLoad, warmup, warmupProbe);
    }

    public String describeLoad() {
        if (pair) {
            return PairShape.describeLoad(this);
        }
        return ratePerSide + " req/s offered to each of the two rungs of a duet at the same time by one vegeta ("
                + ratePerSide * 2 + " req/s round-robin), the other rungs idle";
    }

    Duration measured() {
        return windows.stream().reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * The expected length: each pass starts every rung at once (about 3 s a rung on two
     * cores), warms each gateway once (flat out, 25 to 60 s until its JIT is quiet, as
     * measured on the README's machine; at most WARMUP), measures each duet after one
     * part at its rate, then drives each rung alone.
     */
    /** What the plan's passes resolve, and whether that is fine enough for its gate. */
    public String resolution() {
        return Resolution.line(passes, failOn, failOnText);
    }

    /**
     * Whether a gateway's req/s alone is read from the last part of its warm-up (flat
     * out, alone, its wrk shaped as the req/s column's, at least ALONE long) rather than
     * driven again after the duets: 30 to 40 s a pass of the default ladder.
     */
    public boolean aloneInWarmUp() {
        return !alone.isZero() && !warmup.isZero() && warmupLoad != WarmUp.Load.RATE
                && warmupProbe.compareTo(alone) >= 0 && aloneThreads == WARMUP_WRK_THREADS
                && aloneConnections == WARMUP_WRK_CONNECTIONS;
    }

    /**
     * The seconds a whole pass spends driving rungs alone after its duets: every rung and
     * the backend, or only those without a warm-up (nginx) when the gateways' come from
     * it.
     */
    public long aloneSeconds() {
        if (alone.isZero()) {
            return 0;
        }
        long driven = 1 + (aloneInWarmUp() ? entrants.size() - gateways().size() : entrants.size());
        return driven * (alone.toSeconds() + aloneRamp.toSeconds() + 1);
    }

    /** How the req/s column is driven, for lab.json and report.md. */
    public String aloneWords() {
        if (alone.isZero()) {
            return "none";
        }
        String wrk = "wrk -t" + aloneThreads + " -c" + aloneConnections;
        String after = Durations.format(alone) + " after " + Durations.format(aloneRamp) + " unmeasured";
        return aloneInWarmUp()
                ? "each gateway: the last " + Durations.format(warmupProbe)
                        + " part of its warm-up, flat out alone with " + wrk + "; after each pass's duets, " + wrk
                        + " on nginx and business-service (the ceiling) " + "alone, " + after
                : "after each pass's duets, " + wrk + " on each rung and on business-service (the ceiling) alone, "
                        + after;
    }

    public String expectedDuration() {
        if (pair) {
            return PairShape.expectedDuration(this);
        }
        long aloneAll = aloneSeconds();
        int duets = duets().size();
        long gateways = gateways().size();
        long fixed = 10 + 3L * entrants.size() + duets * (warmupProbe.toSeconds() + measured().toSeconds() + 1)
                + aloneAll;
        long least = fixed + gateways * Math.min(warmup.toSeconds(), 25);
        long most = fixed + gateways * Math.min(warmup.toSeconds(), 60);
        long low = Math.max(1, Math.round((30 + passes * least) / 60.0));
        long high = Math.max(1, Math.round((30 + passes * most) / 60.0));
        return String.format(Locale.ROOT,
                "Expected duration: %d passes of %d duet%s over %d rungs, about %s min (each gateway warmed up once a "
                        + "pass until its JIT is quiet, at most WARMUP=%s)",
                passes, duets, duets == 1 ? "" : "s", entrants.size(),
                low == high ? Long.toString(low) : low + " to " + high, Durations.format(warmup));
    }

    /**
     * The plan as run.json records it (and pair.json or lab.json at their top): a pair's
     * {@link PairShape.Plan}, a lineup's {@link LabJson.Plan}.
     */
    public Record json() {
        return pair ? PairShape.Plan.of(this) : LabJson.Plan.of(this);
    }

}
