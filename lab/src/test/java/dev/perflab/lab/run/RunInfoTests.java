package dev.perflab.lab.run;

import java.nio.file.Path;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class RunInfoTests {

    @Test
    void recordsTheRuntimeItIsGivenAndTheMachineItRunsOn(@TempDir Path root) {
        Map<String, Object> compose = RunInfo.describe(root, "baseline", "compose", Map.of("threads", 2));
        assertThat(compose.get("runtime")).isEqualTo("compose");
        assertThat(RunInfo.describe(root, "baseline", "local", Map.of()).get("runtime")).isEqualTo("local");
        assertThat(compose.get("machine")).asInstanceOf(InstanceOfAssertFactories.MAP)
            .containsEntry("cores", Runtime.getRuntime().availableProcessors());
    }
}
