package dev.perflab.lab.result;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What could cap a rung's req/s, from its own measurements: with the blocking auth
 * client, the event-loop threads over the measured auth-call time (each call holds a
 * loop); the machine's cores over the CPU ms every process spent per request; and, in a
 * closed loop, the connections over the client's mean latency. The lowest is the one to
 * look at.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Bounds(@JsonProperty("event_loop_rps") Double eventLoop, @JsonProperty("cpu_rps") Double cpu,
        @JsonProperty("closed_loop_rps") Double closedLoop) {

    /**
     * @param cpuMsPerRequest each sampled process's mean CPU ms per request
     */
    public static Bounds of(Map<String, String> mode, Double authCallMs, Map<String, Double> cpuMsPerRequest, int cores,
            int connections, Double clientMeanMs) {
        Double eventLoop = null;
        if (mode != null && "blocking".equals(mode.get("auth_client")) && authCallMs != null && authCallMs > 0
                && mode.get("event_loop_threads") != null) {
            eventLoop = round(Integer.parseInt(mode.get("event_loop_threads")) * 1000 / authCallMs);
        }
        double cpuPerRequest = cpuMsPerRequest == null ? 0
                : cpuMsPerRequest.values().stream().mapToDouble(Double::doubleValue).sum();
        Double cpu = cpuPerRequest > 0 ? round(cores * 1000 / cpuPerRequest) : null;
        Double closedLoop = clientMeanMs != null && clientMeanMs > 0 && connections > 0
                ? round(connections * 1000 / clientMeanMs) : null;
        return eventLoop == null && cpu == null && closedLoop == null ? null : new Bounds(eventLoop, cpu, closedLoop);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
