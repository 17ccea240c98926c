package dev.perflab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import tools.jackson.databind.JsonNode;

/**
 * What the report reads of run.json's parameters, typed: the passes (written as
 * {@code repeat}), wrk's threads and connections, the profiler, a rung's duration and
 * timeout, where the load generator and the system ran, and a system the lab did not
 * start; each null where a run did not record it (older run folders stay readable: what
 * they lack is null, what they hold besides is ignored).
 *
 * @param passes PASSES, written as {@code repeat} since the first run folders
 * @param duration a rung's measured time, as written ("5s")
 * @param timeout wrk's timeout, as written
 * @param placement where the load generator and the system ran, in words
 * @param system a system the lab did not start, in words
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunParameters(@JsonProperty("repeat") Integer passes, Integer threads, Integer connections,
        String profiler, String duration, String timeout, String placement, String system) {

    /** A run.json without parameters. */
    public static final RunParameters NONE = new RunParameters(null, null, null, null, null, null, null, null);

    /** The parameters of a run.json; {@link #NONE} where it has none. */
    public static RunParameters of(JsonNode info) {
        JsonNode parameters = info == null ? null : info.get("parameters");
        return parameters == null || !parameters.isObject() ? NONE
                : RunJson.MAPPER.treeToValue(parameters, RunParameters.class);
    }

    /** Whether the run measured one pass (what a run that did not say measured). */
    public boolean onePass() {
        return passes == null || passes <= 1;
    }

    /** wrk's connections, or {@code otherwise} where not recorded. */
    public int connectionsOr(int otherwise) {
        return connections == null ? otherwise : connections;
    }

}
