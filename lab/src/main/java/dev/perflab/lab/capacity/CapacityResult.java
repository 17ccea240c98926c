package dev.perflab.lab.capacity;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A rung's capacity at an SLO under an open model: the SLO, the highest offered rate whose step met
 * it, every step measured (by offered rate), the closed loop's rate the search started from, and
 * the generator that offered the load.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityResult(String slo, @JsonProperty("rps_at_slo") double rpsAtSlo, List<Point> points,
        @JsonProperty("closed_loop_rps") Double closedLoopRps, String generator) {
}
