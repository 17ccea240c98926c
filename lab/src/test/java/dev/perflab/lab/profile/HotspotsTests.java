package dev.perflab.lab.profile;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.perflab.lab.Captured;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HotspotsTests {

    private static final Path RULES = Path.of(System.getProperty("lab.root", "..")).resolve("lab/hotspots.yml");

    @Test
    void namesTheBlockingRestTemplateCallOnTheEventLoop(@TempDir Path dir) throws Exception {
        // the 12 heaviest event-loop stacks of a real wall-clock profile of the blocking
        // gateway
        Path collapsed = dir.resolve("collapsed.txt");
        Files.writeString(collapsed,
                Captured.read("collapsed-blocking-wall.txt") + "[main tid=1];java/lang/Thread.run 5000\n");
        Hotspots.Summary summary = Hotspots.summarize(collapsed, Hotspots.Rules.load(RULES));
        assertThat(summary.totalSamples()).isEqualTo(12_192 + 5000);
        assertThat(summary.eventLoopSamples()).as("only reactor-http-* threads count").isEqualTo(12_192);
        assertThat(summary.share("blocking network I/O")).isCloseTo(3713.0 / 12_192, within(0.001));
        assertThat(summary.share("idle (event loop waiting for work)")).isCloseTo(8479.0 / 12_192, within(0.001));
        assertThat(summary.topGroup()).as("idle time is never the culprit").contains("blocking network I/O");
        assertThat(summary.verdict()).isEqualTo("event loop spends 30 % of its samples in blocking network I/O: "
                + "RestTemplate.postForEntity → NioSocketImpl.park");
        assertThat(Hotspots.markdown(summary, "blocking")).contains("| blocking network I/O | 30.5 % |");
    }

    @Test
    void withoutEventLoopSamplesTheVerdictSaysSo(@TempDir Path dir) throws Exception {
        Path collapsed = dir.resolve("collapsed.txt");
        Files.writeString(collapsed, "[main tid=1];java/lang/Thread.run 10\n");
        assertThat(Hotspots.summarize(collapsed, Hotspots.Rules.load(RULES)).verdict())
            .startsWith("no samples on event-loop threads");
    }

}
