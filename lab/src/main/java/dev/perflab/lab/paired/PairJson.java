package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.perflab.lab.verdict.PairedRatio;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * pair.json: a pair's lineup (the smallest, one duet A → B) in the layout make compare
 * has always written and the history reads: its plan in line, its step's verdicts and
 * gate, then each pass's one duet with its ports, orders, totals and windows.
 *
 * @param noVerdict why the step has no verdict; null (left out) when it has one
 * @param loadGeneratorCpuMsPerRequest null where unknown
 * @param gate FAIL_ON's outcome; null (left out) without FAIL_ON
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PairJson(@JsonUnwrapped PairShape.Plan plan, int passesDone, EnumMap<PairedMetric, PairedRatio> verdicts,
        @JsonInclude(JsonInclude.Include.NON_NULL) String noVerdict, Double loadGeneratorCpuMsPerRequest,
        @JsonInclude(JsonInclude.Include.NON_NULL) Gate gate, List<PassJson> passResults) {

    static PairJson of(LineupResult result) {
        LineupResult.Step step = result.pairStep();
        return new PairJson(PairShape.Plan.of(result.plan()), result.passes().size(), step.verdicts(), step.noVerdict(),
                loadGeneratorCpuMsPerRequest(result), step.gate(),
                result.passes().stream().map(pass -> PassJson.of(pass, step.from(), step.to())).toList());
    }

    /**
     * A pass's one duet: its ports and orders, its warm-up, each side's totals and
     * windows.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record PassJson(long jitBusyWindows, int pass, int aPort, int bPort, String startedFirst,
            String firstInSchedule, SideJson.WarmUpJson warmup, SideJson a, SideJson b,
            EnumMap<PairedMetric, Double> ratio, List<Window> windows) {

        static PassJson of(LineupResult.Pass pass, String a, String b) {
            LineupResult.Duet duet = pass.duet(a, b);
            List<Window> windows = new ArrayList<>();
            for (int i = 0; i < duet.windows().size(); i++) {
                windows
                    .add(Window.of(duet.windows().get(i).get(a), duet.windows().get(i).get(b), duet.shared().get(i)));
            }
            return new PassJson(duet.jitBusyWindows(), pass.pass(), pass.ports().getOrDefault(a, 0),
                    pass.ports().getOrDefault(b, 0), pass.startOrder().get(0), pass.schedule().get(0),
                    SideJson.WarmUpJson.of(duet.warmup()), SideJson.of(duet.totalA()), SideJson.of(duet.totalB()),
                    ratios(duet.totalA(), duet.totalB()), windows);
        }

    }

    /**
     * A window of the duet: both sides, B over A, and what auth-service, business-service
     * and the load generator used (each left out where unknown).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Window(boolean jitBusy, SideJson a, SideJson b, EnumMap<PairedMetric, Double> ratio,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double authCpuMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double businessCpuMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double loadGeneratorCpuMs) {

        static Window of(SideWindow a, SideWindow b, Stage.Shared shared) {
            return new Window(a.jitBusy() || b.jitBusy(), SideJson.of(a), SideJson.of(b), ratios(a, b),
                    rounded(shared.authMs()), rounded(shared.businessMs()), rounded(shared.generatorMs()));
        }

        private static Double rounded(Double ms) {
            return ms == null ? null : Numbers.round(ms, 1);
        }

    }

    /** B over A on each metric, in the metrics' order, as pair.json writes it. */
    private static EnumMap<PairedMetric, Double> ratios(SideWindow a, SideWindow b) {
        EnumMap<PairedMetric, Double> ratio = new EnumMap<>(PairedMetric.class);
        for (PairedMetric metric : PairedMetric.values()) {
            ratio.put(metric, Numbers.round(metric.read(b) / metric.read(a), 4));
        }
        return ratio;
    }

    /**
     * The mean CPU the load generator used per request (both sides' requests) over the
     * pair's windows, ms; null when unknown.
     */
    public static Double loadGeneratorCpuMsPerRequest(LineupResult result) {
        double ms = 0;
        long requests = 0;
        for (LineupResult.Pass pass : result.passes()) {
            for (LineupResult.Duet duet : pass.duets()) {
                for (int i = 0; i < duet.windows().size(); i++) {
                    Double generator = duet.shared().get(i).generatorMs();
                    if (generator == null) {
                        return null;
                    }
                    ms += generator;
                    requests += duet.windows().get(i).values().stream().mapToLong(SideWindow::requests).sum();
                }
            }
        }
        return requests == 0 ? null : Numbers.round(ms / requests, 4);
    }

}
