package dev.perflab.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.system.Commands;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** What the agent tests read from vegeta's raw result files. */
public final class VegetaResults {

    private VegetaResults() {
    }

    /**
     * vegeta's results as JSON, each latency (µs) counted from the request's intended
     * send time: start + (seq + 1) / rate.
     */
    public static List<Long> latenciesFromIntendedSend(Path root, Path results, int rate) {
        Commands.Result encoded = Commands.run(
                List.of(VegetaInstaller.binary(root).toString(), "encode", "-to=json", results.toString()), null,
                Duration.ofMinutes(1));
        assertThat(encoded.ok()).as(encoded.output()).isTrue();
        long interval = 1_000_000_000L / rate;
        List<long[]> lines = new ArrayList<>();
        for (String text : encoded.output().lines().filter(line -> !line.isBlank()).toList()) {
            JsonNode line = RunFolder.JSON.readTree(text);
            OffsetDateTime sent = OffsetDateTime.parse(line.path("timestamp").asString());
            long sentNanos = sent.toEpochSecond() * 1_000_000_000L + sent.getNano();
            lines.add(new long[] { line.path("seq").asLong(), sentNanos, line.path("latency").asLong() });
        }
        long start = lines.stream().mapToLong(line -> line[1] - (line[0] + 1) * interval).min().orElseThrow();
        return lines.stream()
            .map(line -> Math.max(1, Math.round((line[1] - (start + (line[0] + 1) * interval) + line[2]) / 1000.0)))
            .toList();
    }

}
