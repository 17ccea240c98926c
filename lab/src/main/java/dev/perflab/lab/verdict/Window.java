package dev.perflab.lab.verdict;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One measured sub-window of one pass: its req/s, its p99, each process's CPU ms per
 * request (CPU time the process used during the sub-window over the requests answered in
 * it), what each JVM the lab could read counted about itself in it, and its requests and
 * failed requests (null in a summary from before they were kept).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Window(int pass, double rps, @JsonProperty("p99_ms") Double p99Ms,
        @JsonProperty("cpu_ms_per_request") Map<String, Double> cpuMsPerRequest, Map<String, JvmCost> jvm,
        Long requests, Long errors) {

    /** A window without JVM counters. */
    public Window(int pass, double rps, Double p99Ms, Map<String, Double> cpuMsPerRequest) {
        this(pass, rps, p99Ms, cpuMsPerRequest, null);
    }

    /** A window without its request counts. */
    public Window(int pass, double rps, Double p99Ms, Map<String, Double> cpuMsPerRequest, Map<String, JvmCost> jvm) {
        this(pass, rps, p99Ms, cpuMsPerRequest, jvm, null, null);
    }

    /**
     * The bytes {@code process} allocated per request in the window, or null where not
     * counted.
     */
    public Double bytesPerRequest(String process) {
        JvmCost cost = jvm == null ? null : jvm.get(process);
        return cost == null ? null : cost.bytesPerRequest();
    }

    public Double cpuMsPerRequest(String process) {
        return cpuMsPerRequest == null ? null : cpuMsPerRequest.get(process);
    }
}
