package dev.perflab.lab.capacity;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One offered rate held for one step: what was offered and achieved, how many requests,
 * the latency percentiles of the whole step (from its merged histogram, counted from each
 * request's intended send time), the errors, each sub-window's p99 to show the spread,
 * each process's CPU ms per request at this rate, and the requests each load agent sent
 * when there were several.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Point(@JsonProperty("offered_rps") double offeredRps, @JsonProperty("achieved_rps") double achievedRps,
        long requests, @JsonProperty("p50_ms") double p50Ms, @JsonProperty("p90_ms") double p90Ms,
        @JsonProperty("p99_ms") double p99Ms, @JsonProperty("p999_ms") double p999Ms,
        @JsonProperty("max_ms") double maxMs, long errors, @JsonProperty("p99_ms_windows") List<Double> p99MsWindows,
        @JsonProperty("cpu_ms_per_request") Map<String, Double> cpuMsPerRequest,
        @JsonProperty("agent_requests") List<Long> agentRequests) {

    /** The step's latency at a percentile the SLO names. */
    public double latencyMs(double percentile) {
        if (percentile == 50) {
            return p50Ms;
        }
        if (percentile == 90) {
            return p90Ms;
        }
        if (percentile == 99) {
            return p99Ms;
        }
        if (percentile == 99.9) {
            return p999Ms;
        }
        throw new IllegalArgumentException("no p" + percentile + " in a capacity point");
    }
}
