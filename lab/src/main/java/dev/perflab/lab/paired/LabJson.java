package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.perflab.lab.Durations;
import dev.perflab.lab.verdict.NoiseBudget;
import dev.perflab.lab.verdict.PairedRatio;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * lab.json, as Jackson writes it: the plan in line (its {@code alone} holding each rung's
 * req/s driven alone, where run.json has the plan's words for it), then the steps, the
 * gateways against nginx, each duet's noise, each rung's mean costs and every pass. The
 * layout is the one the history, the planner ({@link PlanNoise}) and old run folders
 * read.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LabJson(@JsonUnwrapped Plan plan, int passesDone, List<LineupResult.Step> steps,
        List<LineupResult.Versus> againstNginx, List<Noise> noise,
        @JsonInclude(JsonInclude.Include.NON_NULL) GcSpreadJson gcSpread, List<Mean> meanOverPasses,
        List<PassJson> passResults) {

    static LabJson of(LineupResult result) {
        List<Mean> mean = new ArrayList<>();
        for (LineupPlan.Duet duet : result.plan().duets()) {
            mean.add(Mean.of(result, duet));
        }
        return new LabJson(Plan.of(result.plan()).with(result.alone()), result.passes().size(), result.steps(),
                result.references(), Noise.of(result), GcSpreadJson.of(result),
                result.passes().isEmpty() ? List.of() : mean, result.passes().stream().map(PassJson::of).toList());
    }

    /**
     * A paired make lab's plan, as lab.json and run.json record it.
     *
     * @param alone how each rung is driven alone, in words (run.json), or each rung's
     * req/s driven alone (lab.json)
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Plan(String design, List<String> duets, List<Rung> rungs, int ratePerSide, int passes,
            int windowsPerPass, String window, String warmup, String warmupLoad, Object alone, String timeout,
            long seed, String route, String authLatency, String javaOpts,
            @JsonInclude(JsonInclude.Include.NON_NULL) String failOn) {

        private static final String DESIGN = "paired ladder as a chain of duets: every pass starts every rung on its "
                + "own port, in front of the same auth-service and business-service; each duet (a step: a rung and "
                + "the gateway rung before it; or the best gateways against nginx) is offered the same rate by one "
                + "vegeta (round-robin, so both rungs' requests are sent in the same seconds) while the others stand "
                + "idle; each gateway is warmed up once a pass, flat out and alone, when it first appears, and serves "
                + "two duets; odd passes walk the chain up the ladder, even passes down; all restart every pass in a "
                + "rotated order of start, port and schedule; each ratio has a 95 % interval over the passes";

        static Plan of(LineupPlan plan) {
            return new Plan(DESIGN, plan.duets().stream().map(LineupPlan.Duet::name).toList(),
                    plan.entrants().stream().map(Rung::of).toList(), plan.ratePerSide(), plan.passes(),
                    plan.windows().size(), Durations.format(plan.windows().get(0)),
                    plan.warmUp().describe("each gateway once a pass, when it first appears"), plan.warmupLoad().id(),
                    plan.aloneWords(), Durations.format(plan.timeout()), plan.seed(), plan.settings().route(),
                    plan.authLatency(), String.join(" ", plan.settings().javaOptions()),
                    Double.isNaN(plan.failOn()) ? null : plan.failOnText());
        }

        /** This plan with each rung's req/s driven alone in place of its words. */
        Plan with(Map<String, Alone> driven) {
            return new Plan(design, duets, rungs, ratePerSide, passes, windowsPerPass, window, warmup, warmupLoad,
                    driven, timeout, seed, route, authLatency, javaOpts, failOn);
        }

    }

    /** A rung of the plan: its name, what it changes, then its side as the side says. */
    public record Rung(String name, String changes, @JsonIgnore Map<String, Object> side) {

        static Rung of(LineupPlan.Entrant entrant) {
            return new Rung(entrant.name(), entrant.changes(), entrant.side().json());
        }

        /** The side's own keys, after the name and the change. */
        @JsonAnyGetter
        Map<String, Object> sideKeys() {
            return side;
        }

    }

    /**
     * A duet's CPU noise split between passes and windows (sd of the log ratio), for
     * planning the next run's passes and windows (docs 13).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Noise(String duet, PairedMetric metric, double betweenPassSd, double withinPassSdPerWindow,
            int windowsPerPass) {

        static List<Noise> of(LineupResult result) {
            List<Noise> noise = new ArrayList<>();
            for (LineupPlan.Duet duet : result.plan().duets()) {
                NoiseBudget budget = result.noise(duet.a().name(), duet.b().name(), PairedMetric.CPU);
                if (budget != null) {
                    noise
                        .add(new Noise(duet.name(), PairedMetric.CPU, Numbers.round(Math.sqrt(budget.betweenPass()), 5),
                                Numbers.round(Math.sqrt(budget.withinPass()), 5), budget.windows()));
                }
            }
            return noise;
        }

    }

    /**
     * CPU per request with each gateway's young collections spread at its rate
     * ({@link GcSpread}): the run's cost of a collection in a window, each gateway's
     * collections a window, and each duet's CPU ratio and noise read so; null before the
     * first pass.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GcSpreadJson(String what, double perYoungCollectionPct, Map<String, Double> youngCollectionsPerWindow,
            List<GcSpreadDuet> duets) {

        private static final String WHAT = "CPU per request with each gateway's young collections spread at its own "
                + "rate over the run instead of lumped in the windows they fell in: each window's log cost moved by "
                + "per_young_collection_pct x (the rung's collections a window - the window's own); nginx as read";

        static GcSpreadJson of(LineupResult result) {
            if (result.passes().isEmpty()) {
                return null;
            }
            GcSpread spread = result.gcSpread();
            Map<String, Double> rates = new LinkedHashMap<>();
            spread.perWindow().forEach((rung, rate) -> rates.put(rung, Numbers.round(rate, 3)));
            List<GcSpreadDuet> duets = new ArrayList<>();
            for (LineupPlan.Duet duet : result.plan().duets()) {
                String a = duet.a().name();
                String b = duet.b().name();
                PairedRatio ratio = result.gcSpreadRatio(spread, a, b);
                NoiseBudget noise = spread.noise(result.passes(), a, b);
                if (ratio != null) {
                    duets.add(new GcSpreadDuet(duet.name(), ratio,
                            noise == null ? null : Numbers.round(Math.sqrt(noise.betweenPass()), 5),
                            noise == null ? null : Numbers.round(Math.sqrt(noise.withinPass()), 5)));
                }
            }
            return new GcSpreadJson(WHAT, Numbers.round(100 * spread.perCollection(), 3), rates, duets);
        }

    }

    /** A duet's CPU ratio and noise with collections spread. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GcSpreadDuet(String duet, PairedRatio cpuMsPerRequest,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double betweenPassSd,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double withinPassSdPerWindow) {
    }

    /** A duet's two rungs' mean costs over the passes, by rung name after the duet's. */
    public record Mean(String duet, @JsonIgnore Map<String, RungMean> rungs) {

        static Mean of(LineupResult result, LineupPlan.Duet duet) {
            Map<String, RungMean> rungs = new LinkedHashMap<>();
            String a = duet.a().name();
            String b = duet.b().name();
            for (LineupPlan.Entrant entrant : List.of(duet.a(), duet.b())) {
                rungs.put(entrant.name(), new RungMean(
                        Numbers.round(result.meanCpuMsPerRequest(a, b, entrant.name()), 4),
                        entrant.gateway() ? Numbers.round(result.meanBytesPerRequest(a, b, entrant.name()), 0) : null));
            }
            return new Mean(duet.name(), rungs);
        }

        @JsonAnyGetter
        Map<String, RungMean> byRung() {
            return rungs;
        }

    }

    /** A rung's mean CPU and bytes (a gateway's only) per request over the passes. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record RungMean(double cpuMsPerRequest, @JsonInclude(JsonInclude.Include.NON_NULL) Double bytesPerRequest) {
    }

    /**
     * One pass: its orders, the chain's direction, the req/s of each rung (and the
     * backend) driven alone, and its duets.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record PassJson(int pass, String chain, List<String> started, List<String> portsInOrder,
            List<String> schedule, Map<String, Double> aloneRps, List<DuetJson> duets) {

        static PassJson of(LineupResult.Pass pass) {
            Map<String, Double> driven = new LinkedHashMap<>();
            pass.alone().forEach((rung, result) -> driven.put(rung == null ? "backend" : rung, Alone.rps(result)));
            return new PassJson(pass.pass(), pass.upward() ? "up the ladder" : "down the ladder", pass.startOrder(),
                    pass.portRank(), pass.schedule(), driven, pass.duets().stream().map(DuetJson::of).toList());
        }

    }

    /**
     * One duet of a pass: its warm-up, its busy windows, each rung's totals and windows.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DuetJson(String a, String b, SideJson.WarmUpJson warmup, long jitBusyWindows,
            Map<String, SideJson> totals, List<Map<String, SideJson>> windows) {

        static DuetJson of(LineupResult.Duet duet) {
            Map<String, SideJson> totals = new LinkedHashMap<>();
            totals.put(duet.a(), SideJson.of(duet.totalA()));
            totals.put(duet.b(), SideJson.of(duet.totalB()));
            List<Map<String, SideJson>> windows = new ArrayList<>();
            for (Map<String, SideWindow> window : duet.windows()) {
                Map<String, SideJson> one = new LinkedHashMap<>();
                window.forEach((rung, side) -> one.put(rung, SideJson.of(side)));
                windows.add(one);
            }
            return new DuetJson(duet.a(), duet.b(), SideJson.WarmUpJson.of(duet.warmup()), duet.jitBusyWindows(),
                    totals, windows);
        }

    }

}
