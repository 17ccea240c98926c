package dev.perflab.lab.result;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** run.json's parameters as the report reads them: typed, old folders readable. */
class RunParametersTests {

    @Test
    void theReportReadsWhatItShowsTypedIgnoringTheRest() {
        RunParameters read = RunParameters.of(RunJson.MAPPER.readTree("""
                {"command": "lab", "parameters": {"threads": 5, "connections": 200, "repeat": 4,
                 "profiler": "none", "duration": "5s", "timeout": "10s", "placement": "gateway pinned to CPU 1",
                 "scenarios": ["reactive"], "cpu_rate": "800 req/s"}}"""));
        assertThat(read).isEqualTo(new RunParameters(4, 5, 200, "none", "5s", "10s", "gateway pinned to CPU 1", null));
        assertThat(read.onePass()).isFalse();
        assertThat(read.connectionsOr(10)).isEqualTo(200);
    }

    @Test
    void aRunJsonWithoutParametersReadsAsOnePassAndTheGivenDefaults() {
        RunParameters none = RunParameters.of(RunJson.MAPPER.readTree("{\"command\": \"lab\"}"));
        assertThat(none).isEqualTo(RunParameters.NONE);
        assertThat(none.onePass()).isTrue();
        assertThat(none.connectionsOr(10)).isEqualTo(10);
        assertThat(RunParameters.of(RunJson.MAPPER.readTree("{\"parameters\": {\"repeat\": 1}}")).onePass()).isTrue();
    }

}
