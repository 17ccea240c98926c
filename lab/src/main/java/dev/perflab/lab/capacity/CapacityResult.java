package dev.perflab.lab.capacity;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A rung's capacity at an SLO under an open model: the SLO, the highest offered rate
 * whose step met it, every step measured (by offered rate), the closed loop's rate the
 * search started from, and the generator that offered the load, and the load agents when
 * several hosts offered it together (each with every request it sent in the rung; each
 * point has each agent's requests of its step).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityResult(String slo, @JsonProperty("rps_at_slo") double rpsAtSlo, List<Point> points,
        @JsonProperty("closed_loop_rps") Double closedLoopRps, String generator, List<Agent> agents) {

    public CapacityResult(String slo, double rpsAtSlo, List<Point> points, Double closedLoopRps, String generator) {
        this(slo, rpsAtSlo, points, closedLoopRps, generator, null);
    }

    /**
     * One load agent as summary.json records it: the host, how the lab reached it
     * ({@code local} or {@code ssh}), its engine, and every request it sent in the rung.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Agent(String host, String via, String engine, Long requests) {
    }
}
