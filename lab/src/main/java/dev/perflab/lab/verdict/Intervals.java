package dev.perflab.lab.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A rung's figures with their 95 % intervals, and which variance those intervals cover.
 * With two passes or more (PASSES, each pass restarting the apps) the units are the
 * passes' means, so the interval covers the variance between restarts, which on a 2-core
 * machine is most of it; with one pass the units are its sub-windows, and the interval
 * covers only what varies inside one run.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Intervals(String covers, Estimate rps, @JsonProperty("p99_ms") Estimate p99Ms,
        @JsonProperty("cpu_ms_per_request") Map<String, Estimate> cpuMsPerRequest,
        @JsonProperty("bytes_per_request") Map<String, Estimate> bytesPerRequest) {

    public static Intervals of(List<Window> windows) {
        return of(windows, true);
    }

    /**
     * @param restarted whether each pass restarted the apps (not on a system the lab did
     * not start)
     */
    public static Intervals of(List<Window> windows, boolean restarted) {
        if (windows == null || windows.isEmpty()) {
            return null;
        }
        int passes = passes(windows);
        String covers = passes >= 2
                ? "between " + passes + " passes, "
                        + (restarted ? "each restarting the apps"
                                : "of a system the lab did not start, so not across restarts")
                        + " (" + windows.size() + " sub-windows in all)"
                : "within one run only: " + windows.size() + " sub-window" + (windows.size() == 1 ? "" : "s")
                        + " of one start (restarts vary more; PASSES=3 covers them)";
        Map<String, Estimate> cpu = new TreeMap<>();
        processes(windows).forEach(process -> {
            List<Double> units = units(windows, w -> w.cpuMsPerRequest(process));
            if (!units.isEmpty()) {
                cpu.put(process, Estimate.of(units));
            }
        });
        Map<String, Estimate> bytes = new TreeMap<>();
        jvms(windows).forEach(process -> {
            List<Double> units = units(windows, w -> w.bytesPerRequest(process));
            if (!units.isEmpty()) {
                bytes.put(process, Estimate.of(units));
            }
        });
        List<Double> p99 = units(windows, Window::p99Ms);
        return new Intervals(covers, Estimate.of(units(windows, Window::rps)), p99.isEmpty() ? null : Estimate.of(p99),
                cpu.isEmpty() ? null : cpu, bytes.isEmpty() ? null : bytes);
    }

    /**
     * The values an interval is built from: one per pass (the mean of its sub-windows)
     * with two passes or more, else one per sub-window. Windows without the figure are
     * left out.
     */
    public static List<Double> units(List<Window> windows, Function<Window, Double> figure) {
        if (passes(windows) < 2) {
            return windows.stream().map(figure).filter(v -> v != null && !v.isNaN()).toList();
        }
        Map<Integer, List<Double>> byPass = new LinkedHashMap<>();
        for (Window window : windows) {
            Double value = figure.apply(window);
            if (value != null && !value.isNaN()) {
                byPass.computeIfAbsent(window.pass(), pass -> new ArrayList<>()).add(value);
            }
        }
        return byPass.values()
            .stream()
            .map(values -> values.stream().mapToDouble(Double::doubleValue).average().orElseThrow())
            .toList();
    }

    static int passes(List<Window> windows) {
        return (int) windows.stream().map(Window::pass).distinct().count();
    }

    static TreeSet<String> jvms(List<Window> windows) {
        TreeSet<String> processes = new TreeSet<>();
        windows.stream().filter(w -> w.jvm() != null).forEach(w -> processes.addAll(w.jvm().keySet()));
        return processes;
    }

    static TreeSet<String> processes(List<Window> windows) {
        TreeSet<String> processes = new TreeSet<>();
        windows.stream()
            .filter(w -> w.cpuMsPerRequest() != null)
            .forEach(w -> processes.addAll(w.cpuMsPerRequest().keySet()));
        return processes;
    }
}
