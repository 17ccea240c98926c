package dev.perflab.lab.stats;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.Captured;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StatsLineTests {

    @Test
    void readsEveryCapturedLocalLine() {
        List<String> lines = Captured.read("stats-local.log").lines().toList();
        List<StatsLine> parsed = lines.stream().map(StatsLine::parse).flatMap(Optional::stream).toList();
        assertThat(parsed).hasSameSizeAs(lines);
        StatsLine gateway = parsed.stream().filter(l -> l.name().equals("gateway")).findFirst().orElseThrow();
        assertThat(gateway.time()).isEqualTo(LocalDateTime.of(2026, 11, 21, 12, 55, 13));
        assertThat(gateway.cpuPercent()).isEqualTo(86.90);
        assertThat(gateway.memBytes()).isCloseTo(765.4 * 1024 * 1024, within(1.0));
        assertThat(gateway.memLimitBytes()).isCloseTo(23.54 * 1024 * 1024 * 1024, within(1.0));
        assertThat(gateway.blockInBytes()).isCloseTo(2.2e6, within(1.0));
        assertThat(gateway.blockOutBytes()).isCloseTo(3.69e6, within(1.0));
        assertThat(gateway.pids()).isEqualTo(33);
    }

    @Test
    void formatWritesTheCapturedLinesBackByteForByteInContent() {
        for (String line : Captured.read("stats-local.log").lines().toList()) {
            StatsLine parsed = StatsLine.parse(line).orElseThrow();
            assertThat(StatsLine.parse(parsed.format())).contains(parsed);
            assertThat(parsed.format().split("\\s+")).containsExactly(line.split("\\s+"));
        }
    }

    @Test
    void readsRealDockerStatsLinesInBothTableFormats() {
        // captured from Docker 20.10 with awk's timestamp, as users log it:
        //   docker stats --no-stream [--format "table {{.Name}}\t{{.CPUPerc}}..."] | awk -v date=... '{print date, $0}'
        for (String file : List.of("stats-docker-format.log", "stats-docker-default.log")) {
            List<String> lines = Captured.read(file).lines().toList();
            List<StatsLine> parsed = lines.stream().map(StatsLine::parse).flatMap(Optional::stream).toList();
            assertThat(parsed).as(file).hasSize(6);
            assertThat(lines.stream().filter(StatsLine::isHeader)).as(file).hasSize(3);
            StatsLine gateway = parsed.stream().filter(l -> l.name().equals("gateway")).findFirst().orElseThrow();
            assertThat(gateway.cpuPercent()).isBetween(99.0, 102.0);
            assertThat(gateway.memBytes()).isEqualTo(616 * 1024.0);
            assertThat(gateway.memLimitBytes()).isEqualTo(2.0 * 1024 * 1024 * 1024);
            assertThat(gateway.memPercent()).isEqualTo(0.03);
            assertThat(gateway.pids()).isEqualTo(1);
            StatsLine auth = parsed.stream().filter(l -> l.name().equals("auth-service")).findFirst().orElseThrow();
            assertThat(auth.cpuPercent()).isZero();
            assertThat(auth.memLimitBytes()).isEqualTo(1024.0 * 1024 * 1024);
        }
    }

    @Test
    void statsLogSkipsDockersHeadersWithoutCountingThemUnreadable(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("stats.log");
        java.nio.file.Files.writeString(file, Captured.read("stats-docker-format.log") + "garbage line\n");
        StatsLog log = StatsLog.read(file);
        assertThat(log.lines()).hasSize(6);
        assertThat(log.unreadable()).isEqualTo(1);
        assertThat(log.byService().keySet()).containsExactly("auth-service", "gateway");
    }

    @Test
    void dockersDefaultTableWithContainerIdIsReadToo() {
        // the same columns with CONTAINER ID first, as `docker stats --no-stream` prints without --format
        String line = "11-21-2026 12:55:13 3f2a1b2c3d4e gateway 86.90% 765.4MiB / 2GiB 37.37% 1.2GB / 1.1GB 0B / 4.1kB 33";
        StatsLine parsed = StatsLine.parse(line).orElseThrow();
        assertThat(parsed.name()).isEqualTo("gateway");
        assertThat(parsed.memLimitBytes()).isEqualTo(2.0 * 1024 * 1024 * 1024);
        assertThat(parsed.netInBytes()).isEqualTo(1.2e9);
    }

    @Test
    void headersAndPlaceholdersAreNotLines() {
        assertThat(StatsLine.parse("11-21-2026 12:55:13 NAME CPU % MEM USAGE / LIMIT MEM % NET I/O BLOCK I/O PIDS")).isEmpty();
        assertThat(StatsLine.parse("11-21-2026 12:55:13 gateway -- -- / -- -- -- / -- -- / -- --")).isEmpty();
        assertThat(StatsLine.parse("")).isEmpty();
    }

    @Test
    void sizesUseDockersUnits() {
        assertThat(StatsLine.binary(765.4 * 1024 * 1024)).isEqualTo("765.4MiB");
        assertThat(StatsLine.binary(23.54 * 1024 * 1024 * 1024)).isEqualTo("23.54GiB");
        assertThat(StatsLine.binary(512)).isEqualTo("512B");
        assertThat(StatsLine.decimal(0)).isEqualTo("0B");
        assertThat(StatsLine.decimal(4096)).isEqualTo("4.1kB");
        assertThat(StatsLine.decimal(8_810_000)).isEqualTo("8.81MB");
    }
}
