package dev.perflab.lab.capacity;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.perflab.lab.load.LoadAgent;

/**
 * A rung's capacity at an SLO under an open model: the SLO, the highest offered rate whose step met
 * it, every step measured (by offered rate), the closed loop's rate the search started from, and
 * the generator that offered the load, and the load agents when several hosts offered it together
 * (each with every request it sent in the rung; each point has each agent's requests of its step).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityResult(String slo, @JsonProperty("rps_at_slo") double rpsAtSlo, List<Point> points,
        @JsonProperty("closed_loop_rps") Double closedLoopRps, String generator, List<LoadAgent> agents) {

    public CapacityResult(String slo, double rpsAtSlo, List<Point> points, Double closedLoopRps, String generator) {
        this(slo, rpsAtSlo, points, closedLoopRps, generator, null);
    }

    /** The agents, each with the requests it sent over every point; null without agents. */
    public static List<LoadAgent> counted(List<LoadAgent> agents, List<Point> points) {
        if (agents == null || agents.isEmpty()) {
            return null;
        }
        List<LoadAgent> counted = new java.util.ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            int agent = i;
            counted.add(agents.get(i).withRequests(points.stream().filter(p -> p.agentRequests() != null && p.agentRequests().size() > agent)
                .mapToLong(p -> p.agentRequests().get(agent)).sum()));
        }
        return counted;
    }
}
