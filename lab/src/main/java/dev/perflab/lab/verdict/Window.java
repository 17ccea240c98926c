package dev.perflab.lab.verdict;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One measured sub-window of one pass: its req/s, its p99, and each process's CPU ms per request
 * (CPU time the process used during the sub-window over the requests completed in it).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Window(int pass, double rps, @JsonProperty("p99_ms") Double p99Ms,
        @JsonProperty("cpu_ms_per_request") Map<String, Double> cpuMsPerRequest) {

    public Double cpuMsPerRequest(String process) {
        return cpuMsPerRequest == null ? null : cpuMsPerRequest.get(process);
    }
}
