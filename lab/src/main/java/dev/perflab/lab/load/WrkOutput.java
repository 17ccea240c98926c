package dev.perflab.lab.load;

import dev.perflab.lab.LabException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Splits wrk's console output into its own report and the JSON summary line of
 * {@code summary.lua}.
 */
public final class WrkOutput {

    public static final String MARKER = "--- wrk.json ---";

    private static final JsonMapper JSON = JsonMapper.builder()
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();

    private WrkOutput() {
    }

    /** The JSON text after the marker. */
    public static String summaryJson(String output) {
        int marker = output.indexOf(MARKER);
        if (marker < 0) {
            throw new LabException("wrk printed no summary (no '" + MARKER
                    + "' line): was it run with -s wrk/summary.lua? Its output began: "
                    + output.lines().limit(3).toList());
        }
        return output.substring(marker + MARKER.length()).trim();
    }

    public static WrkResult parse(String output) {
        return parseJson(summaryJson(output));
    }

    public static WrkResult parseJson(String json) {
        try {
            return JSON.readValue(json, WrkResult.class);
        }
        catch (JacksonException ex) {
            throw new LabException("wrk's summary is not the JSON summary.lua writes: " + ex.getOriginalMessage(), ex);
        }
    }

}
