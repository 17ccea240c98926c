package dev.perflab.lab.run;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One rung of the ladder: what wrk drives ({@code backend}, {@code gateway} or {@code nginx}), the
 * gateway profiles, and anything else it pins, next to a line saying what changed.
 */
public record Scenario(String name, Target target, List<String> profiles,
        @JsonProperty("auth_latency") String authLatency, String changes) {

    public enum Target {
        @JsonProperty("backend") BACKEND,
        @JsonProperty("gateway") GATEWAY,
        @JsonProperty("nginx") NGINX
    }

    public Scenario {
        target = target == null ? Target.GATEWAY : target;
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        changes = changes == null ? "" : changes;
    }

    public static Scenario gateway(String name, List<String> profiles, String changes) {
        return new Scenario(name, Target.GATEWAY, profiles, null, changes);
    }

    public boolean usesAuthCache() {
        return profiles.contains("auth-cache");
    }
}
