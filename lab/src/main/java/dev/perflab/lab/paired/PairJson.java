package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * pair.json: a pair's lineup (the smallest, one duet A → B) in the layout make compare
 * has always written and the history reads: its step's verdicts and gate at the top, then
 * each pass's one duet with its ports, orders, totals and windows.
 */
public final class PairJson {

    /** The ratios in pair.json's order. */
    private static final List<PairedMetric> RATIOS = List.of(PairedMetric.CPU, PairedMetric.BYTES, PairedMetric.P50,
            PairedMetric.P99);

    private PairJson() {
    }

    static Map<String, Object> of(LineupResult result) {
        LineupResult.Step step = result.pairStep();
        Map<String, Object> json = new LinkedHashMap<>(result.plan().json());
        json.put("passes_done", result.passes().size());
        json.put("verdicts", PairedMetric.byKey(step.verdicts()));
        if (step.noVerdict() != null) {
            json.put("no_verdict", step.noVerdict());
        }
        json.put("load_generator_cpu_ms_per_request", loadGeneratorCpuMsPerRequest(result));
        if (step.gate() != null) {
            json.put("gate", step.gate());
        }
        List<Map<String, Object>> passes = new ArrayList<>();
        for (LineupResult.Pass pass : result.passes()) {
            passes.add(pass(pass, step.from(), step.to()));
        }
        json.put("pass_results", passes);
        return json;
    }

    private static Map<String, Object> pass(LineupResult.Pass pass, String a, String b) {
        LineupResult.Duet duet = pass.duet(a, b);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("jit_busy_windows", duet.jitBusyWindows());
        json.put("pass", pass.pass());
        json.put("a_port", pass.ports().getOrDefault(a, 0));
        json.put("b_port", pass.ports().getOrDefault(b, 0));
        json.put("started_first", pass.startOrder().get(0));
        json.put("first_in_schedule", pass.schedule().get(0));
        json.put("warmup", duet.warmup().json());
        json.put("a", duet.totalA().json());
        json.put("b", duet.totalB().json());
        json.put("ratio", ratio(duet.totalA(), duet.totalB()));
        List<Map<String, Object>> windows = new ArrayList<>();
        for (int i = 0; i < duet.windows().size(); i++) {
            SideWindow sideA = duet.windows().get(i).get(a);
            SideWindow sideB = duet.windows().get(i).get(b);
            Stage.Shared shared = duet.shared().get(i);
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("jit_busy", sideA.jitBusy() || sideB.jitBusy());
            window.put("a", sideA.json());
            window.put("b", sideB.json());
            window.put("ratio", ratio(sideA, sideB));
            putRounded(window, "auth_cpu_ms", shared.authMs());
            putRounded(window, "business_cpu_ms", shared.businessMs());
            putRounded(window, "load_generator_cpu_ms", shared.generatorMs());
            windows.add(window);
        }
        json.put("windows", windows);
        return json;
    }

    private static void putRounded(Map<String, Object> json, String key, Double ms) {
        if (ms != null) {
            json.put(key, Numbers.round(ms, 1));
        }
    }

    /** B over A on each metric, as pair.json writes it. */
    private static Map<String, Object> ratio(SideWindow a, SideWindow b) {
        Map<String, Object> ratio = new LinkedHashMap<>();
        RATIOS.forEach(metric -> ratio.put(metric.key(), Numbers.round(metric.read(b) / metric.read(a), 4)));
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
