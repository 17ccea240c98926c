package dev.perflab.lab.result;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One rung: what the load drives ({@code backend}, {@code gateway} or {@code nginx}), the
 * gateway profiles (nginx's: {@code auth-cache} caches the auth subrequest), and anything
 * else it pins, next to a line saying what changed. {@code axes} names the values of a
 * sweep's axes for this rung ({@code client}, {@code auth_latency}), so that a report
 * reads them instead of guessing them from the profiles. {@code javaOpts} are JVM options
 * for this rung's gateway (after GATEWAY_JAVA_OPTS), {@code jdk} the feature version of
 * the JDK it runs on (one found where Jdks looks: /usr/lib/jvm, macOS, SDKMAN).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Scenario(String name, TargetKind target, List<String> profiles,
        @JsonProperty("auth_latency") String authLatency, String changes, Map<String, String> axes,
        @JsonProperty("java_opts") String javaOpts, Integer jdk) {

    public Scenario {
        target = target == null ? TargetKind.GATEWAY : target;
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        changes = changes == null ? "" : changes;
    }

    public Scenario(String name, TargetKind target, List<String> profiles, String authLatency, String changes,
            Map<String, String> axes) {
        this(name, target, profiles, authLatency, changes, axes, null, null);
    }

    public Scenario(String name, TargetKind target, List<String> profiles, String authLatency, String changes) {
        this(name, target, profiles, authLatency, changes, null);
    }

    public static Scenario gateway(String name, List<String> profiles, String changes) {
        return new Scenario(name, TargetKind.GATEWAY, profiles, null, changes);
    }

    /**
     * The same rung with the auth latency it ran with (none for the backend, which has no
     * auth call).
     */
    public Scenario ranWith(String authLatency) {
        return new Scenario(name, target, profiles, target == TargetKind.BACKEND ? null : authLatency, changes, axes,
                javaOpts, jdk);
    }
}
