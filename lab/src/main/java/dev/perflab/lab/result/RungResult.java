package dev.perflab.lab.result;

import dev.perflab.lab.run.Scenario;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one rung measured, as written to {@code summary.json}. Latency percentiles are the mean of
 * the repeats' percentiles; max is the largest of them. {@code mode} is what the gateway itself
 * reported (its {@code lab.gateway.mode} tags), not what the runner asked for.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RungResult(String name, String target, List<String> profiles, String changes, String dir,
        @JsonProperty("auth_latency") String authLatency,
        Double rps, @JsonProperty("rps_cv") Double rpsCv, @JsonProperty("rps_runs") List<Double> rpsRuns,
        @JsonProperty("p50_ms") Double p50Ms, @JsonProperty("p90_ms") Double p90Ms, @JsonProperty("p99_ms") Double p99Ms,
        @JsonProperty("max_ms") Double maxMs, Long errors, Map<String, Double> cpu,
        @JsonProperty("auth_call_ms") Double authCallMs, @JsonProperty("server_ms") Double serverMs,
        @JsonProperty("client_mean_ms") Double clientMeanMs, Map<String, String> mode,
        @JsonProperty("warmup_s") Double warmupSeconds, @JsonProperty("warmup_steady") Boolean warmupSteady,
        @JsonProperty("warmup_probe_s") Double warmupProbeSeconds, @JsonProperty("warmup_probes") List<Double> warmupProbes,
        @JsonProperty("sampler_cpu_percent") Double samplerCpuPercent,
        @JsonProperty("percentiles_ms") Map<String, Double> percentilesMs, String hotspot,
        @JsonProperty("hotspot_shares") Map<String, Double> hotspotShares, String profiler,
        @JsonProperty("profiler_cost") ProfilerCost profilerCost,
        @JsonProperty("profile_evidence") Map<String, Object> profileEvidence, String skipped) {

    /**
     * The profiler's own cost, measured: the same load once more with the profiler attached, right
     * after the unprofiled window(s) the rung's figures come from.
     */
    public record ProfilerCost(@JsonProperty("rps_without") double rpsWithout, @JsonProperty("rps_with") double rpsWith, double ratio) {
    }

    public static RungResult skipped(Scenario scenario, String reason) {
        return new RungResult(scenario.name(), scenario.target().name().toLowerCase(), scenario.profiles(), scenario.changes(),
                null, scenario.authLatency(), null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, reason);
    }

    public boolean measured() {
        return skipped == null && rps != null;
    }
}
