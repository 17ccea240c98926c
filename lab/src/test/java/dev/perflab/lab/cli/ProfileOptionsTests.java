package dev.perflab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfileOptionsTests {

    @TempDir
    Path dir;

    @Test
    void jprofilerWithoutJprofilerHomeSaysWhereToGetItAndWhatToSet() {
        assertThatThrownBy(() -> new ProfileOptions("jprofiler", "cpu").gatewayJvmOptions(Map.of()))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("JPROFILER_HOME is not set")
            .hasMessageContaining("ej-technologies.com")
            .hasMessageContaining("JPROFILER_HOME=/opt/jprofiler");
    }

    @Test
    void jprofilerHomeWithoutTheAgentLibraryIsNamed() {
        assertThatThrownBy(() -> new ProfileOptions("jprofiler", "cpu")
            .gatewayJvmOptions(Map.of("JPROFILER_HOME", dir.toString()))).isInstanceOf(LabException.class)
            .hasMessageContaining("JPROFILER_HOME=" + dir + " has no bin/linux-x64/libjprofilerti.so");
    }

    @Test
    void theAgentListensOnLoopbackPort38849WithoutWaitingForTheGui() throws IOException {
        Path library = Files.createDirectories(dir.resolve("bin/linux-x64")).resolve("libjprofilerti.so");
        Files.writeString(library, "");
        assertThat(new ProfileOptions("jprofiler", "cpu").gatewayJvmOptions(Map.of("JPROFILER_HOME", dir.toString())))
            .containsExactly("-agentpath:" + library.toAbsolutePath() + "=port=38849,address=127.0.0.1,nowait");
        assertThat(
                new ProfileOptions("jprofiler", "cpu").gatewayJvmOptions(Map.of("JPROFILER_AGENT", library.toString())))
            .containsExactly("-agentpath:" + library.toAbsolutePath() + "=port=38849,address=127.0.0.1,nowait");
    }

    @Test
    void theOtherProfilersAddNothingToTheGatewaysStart() {
        for (String profiler : List.of("none", "async", "jfr")) {
            assertThat(new ProfileOptions(profiler, "cpu").gatewayJvmOptions(Map.of())).as(profiler).isEmpty();
        }
    }

    @Test
    void unknownProfilerAndEventsOfAnotherProfilerAreRefused() {
        assertThatThrownBy(() -> new ProfileOptions("yourkit", "cpu").validate())
            .hasMessageContaining("PROFILER must be async, jfr or jprofiler");
        assertThatThrownBy(() -> new ProfileOptions("jfr", "wall").validate())
            .hasMessageContaining("EVENT=wall is an async-profiler event");
        assertThatThrownBy(() -> new ProfileOptions("async", "itimer2").validate())
            .hasMessageContaining("EVENT must be cpu, wall, lock or alloc");
    }

}
