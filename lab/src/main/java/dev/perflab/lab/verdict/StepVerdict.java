package dev.perflab.lab.verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One rung against another (the rung before it in a ladder, or the same rung of another
 * run): the ratio of req/s and of the proxy's CPU ms per request (the gateway's, or
 * nginx's in the reference rung) at the closed loop's maximum and, when both were offered
 * it, at the fixed rate below saturation, each with its interval and verdict.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepVerdict(String against, Ratio rps, @JsonProperty("proxy_cpu_ms_per_request") Ratio proxyCpuPerRequest,
        @JsonProperty("proxy_cpu_ms_per_request_at_rate") Ratio proxyCpuAtRate,
        @JsonProperty("gateway_bytes_per_request") Ratio gatewayBytesPerRequest,
        @JsonProperty("carried_by") List<String> carriedBy, String withheld,
        @JsonProperty("no_verdict") String noVerdict) {

    /**
     * Why a step whose rungs were each measured in one start has intervals but no
     * verdicts: its windows vary less than two starts do, so an interval over them claims
     * a precision it lacks (bytes per request moves 0.3 to 3 % between two starts of the
     * same JVM, docs/en/13-paired.md).
     */
    public static final String ONE_START = "no verdict: the intervals are over the windows of one start, which "
            + "vary less than restarts do (PASSES=3 for verdicts over restarts, make lab for steps in the same seconds)";

    /**
     * The largest share of failed requests (non-2xx/3xx answers and socket errors) a rung
     * may have and still get a speed verdict: above it, its req/s and CPU per request
     * count failures, which are cheaper or dearer than answers.
     */
    public static final double MAX_FAILURE_SHARE = 0.001;

    /**
     * Each ratio's verdict in its metric's words, also when read from a summary.json that
     * said faster and slower for every metric.
     */
    public StepVerdict {
        rps = Ratio.in(rps, Quantity.RATE);
        proxyCpuPerRequest = Ratio.in(proxyCpuPerRequest, Quantity.COST);
        proxyCpuAtRate = Ratio.in(proxyCpuAtRate, Quantity.COST);
        gatewayBytesPerRequest = Ratio.in(gatewayBytesPerRequest, Quantity.COUNT);
    }

    /** A step without ratios or verdicts, and why (a rung's failures). */
    public static StepVerdict withheld(String against, String why) {
        return new StepVerdict(against, null, null, null, null, List.of(), why, null);
    }

    /**
     * The metrics of a step, in the order its verdict names them: the costs noise moves
     * least first.
     */
    static final List<String> METRICS = List.of("gateway_bytes_per_request", "proxy_cpu_ms_per_request_at_rate",
            "proxy_cpu_ms_per_request", "rps");

    /** The process whose CPU per request a step compares: the gateway, else nginx. */
    static final List<String> PROXIES = List.of("gateway", "nginx");

    public static StepVerdict of(String against, List<Window> before, List<Window> after) {
        List<Double> rpsBefore = Intervals.units(before, Window::rps);
        List<Double> rpsAfter = Intervals.units(after, Window::rps);
        if (rpsBefore.isEmpty() || rpsAfter.isEmpty()) {
            return null;
        }
        Ratio rps = Ratio.of(rpsBefore, rpsAfter, Quantity.RATE);
        List<Double> cpuBefore = Intervals.units(before, w -> proxyCpu(w));
        List<Double> cpuAfter = Intervals.units(after, w -> proxyCpu(w));
        Ratio cpu = cpuBefore.isEmpty() || cpuAfter.isEmpty() ? null : Ratio.of(cpuBefore, cpuAfter, Quantity.COST);
        List<Double> bytesBefore = Intervals.units(before, w -> w.bytesPerRequest("gateway"));
        List<Double> bytesAfter = Intervals.units(after, w -> w.bytesPerRequest("gateway"));
        Ratio bytes = bytesBefore.isEmpty() || bytesAfter.isEmpty() ? null
                : Ratio.of(bytesBefore, bytesAfter, Quantity.COUNT);
        if (Intervals.passes(before) < 2 || Intervals.passes(after) < 2) {
            return new StepVerdict(against, rps.withoutVerdict(), Ratio.withoutVerdict(cpu), null,
                    Ratio.withoutVerdict(bytes), null, null, ONE_START);
        }
        return carried(new StepVerdict(against, rps, cpu, null, bytes, null, null, null));
    }

    /**
     * The same step with the proxy's CPU per request at the fixed offered rate compared
     * too (both rungs offered the same rate below saturation); unchanged when either has
     * no such windows.
     */
    public StepVerdict withAtRate(List<Window> before, List<Window> after) {
        List<Double> cpuBefore = Intervals.units(before, StepVerdict::proxyCpu);
        List<Double> cpuAfter = Intervals.units(after, StepVerdict::proxyCpu);
        if (withheld != null || cpuBefore.isEmpty() || cpuAfter.isEmpty()) {
            return this;
        }
        Ratio atRate = Ratio.of(cpuBefore, cpuAfter, Quantity.COST);
        if (noVerdict != null || Intervals.passes(before) < 2 || Intervals.passes(after) < 2) {
            return new StepVerdict(against, rps.withoutVerdict(), Ratio.withoutVerdict(proxyCpuPerRequest),
                    atRate.withoutVerdict(), Ratio.withoutVerdict(gatewayBytesPerRequest), null, null, ONE_START);
        }
        return carried(
                new StepVerdict(against, rps, proxyCpuPerRequest, atRate, gatewayBytesPerRequest, null, null, null));
    }

    /**
     * The step with the metrics that carried its verdict: those whose interval excludes
     * 1.00, the costs noise moves least first; empty when every one says "no difference".
     */
    static StepVerdict carried(StepVerdict step) {
        Map<String, Ratio> byMetric = new LinkedHashMap<>();
        byMetric.put(METRICS.get(0), step.gatewayBytesPerRequest());
        byMetric.put(METRICS.get(1), step.proxyCpuAtRate());
        byMetric.put(METRICS.get(2), step.proxyCpuPerRequest());
        byMetric.put(METRICS.get(3), step.rps());
        List<String> carried = byMetric.entrySet()
            .stream()
            .filter(e -> e.getValue() != null && e.getValue().verdict() != null
                    && e.getValue().verdict() != Verdict.NO_DIFFERENCE)
            .map(Map.Entry::getKey)
            .toList();
        return new StepVerdict(step.against(), step.rps(), step.proxyCpuPerRequest(), step.proxyCpuAtRate(),
                step.gatewayBytesPerRequest(), carried, step.withheld(), step.noVerdict());
    }

    private static Double proxyCpu(Window window) {
        for (String proxy : PROXIES) {
            Double value = window.cpuMsPerRequest(proxy);
            if (value != null) {
                return value;
            }
        }
        return null;
    }
}
