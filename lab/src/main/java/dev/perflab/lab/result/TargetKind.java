package dev.perflab.lab.result;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a rung drives, as a scenario file names it under {@code target:}. It lives with
 * the result model, which records it, so that the model knows no target classes; each
 * kind has its class in {@code targets/}.
 */
public enum TargetKind {

    @JsonProperty("backend")
    BACKEND, @JsonProperty("gateway")
    GATEWAY, @JsonProperty("nginx")
    NGINX;

    /** The name used in scenario files and summary.json. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

}
