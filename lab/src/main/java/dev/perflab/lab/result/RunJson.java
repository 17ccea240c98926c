package dev.perflab.lab.result;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the JSON of a results folder (run.json, summary.json) is read and written: the
 * report and compare read it with the model alone, knowing nothing of the run that wrote
 * it.
 */
public final class RunJson {

    public static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private RunJson() {
    }

}
