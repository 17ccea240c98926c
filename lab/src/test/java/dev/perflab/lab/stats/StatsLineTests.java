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

    @Test
    void meansAreReadFromTheRawRecordsWhenARungHasThem(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("stats.log");
        java.nio.file.Files.writeString(file, "11-21-2026 12:55:13   gateway           10.00%   1MiB / 2GiB   0.05%   0B / 0B   0B / 0B   3\n");
        java.nio.file.Files.writeString(dir.resolve("stats.jsonl"), """
                {"time":"2026-11-21T12:55:13.412","service":"gateway","cpu_percent":86.94,"mem_bytes":802570240,"mem_limit_bytes":2147483648,"mem_percent":37.37,"net_in_bytes":0,"net_out_bytes":0,"block_in_bytes":2200000,"block_out_bytes":4096,"pids":33}
                {"time":"2026-11-21T12:55:14.409","service":"gateway","cpu_percent":90.16,"mem_bytes":802570240,"mem_limit_bytes":2147483648,"mem_percent":37.37,"net_in_bytes":0,"net_out_bytes":0,"block_in_bytes":2200000,"block_out_bytes":4096,"pids":33}
                {"time":"2026-11-21T12:55:15.4
                """);
        StatsLog log = StatsLog.read(file);
        assertThat(log.lines()).hasSize(2);
        assertThat(log.unreadable()).as("a record cut short by a kill").isEqualTo(1);
        assertThat(log.lines().get(0).memBytes()).isEqualTo(802570240.0);
        assertThat(log.lines().get(0).time()).as("whole seconds, as stats.log stamps them").isEqualTo(LocalDateTime.of(2026, 11, 21, 12, 55, 13));
        assertThat(log.meanCpu(LocalDateTime.of(2026, 11, 21, 12, 55, 13, 500_000_000), LocalDateTime.of(2026, 11, 21, 12, 55, 14, 500_000_000)))
            .containsEntry("gateway", 88.6);
    }

    @Test
    void dockersJsonLinesAreReadOnceIntoRawNumbers() {
        // the fields `docker stats --format '{{json .}}'` prints (docker/cli's stats formatter), one object per container and round;
        // not captured from the lab's containers: this machine has no Docker engine
        String line = "\u001B[2J\u001B[H{\"BlockIO\":\"2.2MB / 4.1kB\",\"CPUPerc\":\"86.90%\",\"Container\":\"3f2a1b2c3d4e\",\"ID\":\"3f2a1b2c3d4e\","
                + "\"MemPerc\":\"37.37%\",\"MemUsage\":\"765.4MiB / 2GiB\",\"Name\":\"gateway\",\"NetIO\":\"1.2GB / 1.1GB\",\"PIDs\":\"33\"}";
        LocalDateTime now = LocalDateTime.of(2026, 11, 21, 12, 55, 13);
        StatsLine sample = DockerStatsSampler.sample(now, line).orElseThrow();
        assertThat(sample).isEqualTo(new StatsLine(now, "gateway", 86.90, 765.4 * 1024 * 1024, 2.0 * 1024 * 1024 * 1024, 37.37, 1.2e9, 1.1e9,
                2.2e6, 4100, 33));
        assertThat(sample.format().split("\\s+")).containsExactly("11-21-2026", "12:55:13", "gateway", "86.90%", "765.4MiB", "/", "2GiB",
                "37.37%", "1.2GB", "/", "1.1GB", "2.2MB", "/", "4.1kB", "33");
        String starting = "{\"BlockIO\":\"--\",\"CPUPerc\":\"--\",\"MemPerc\":\"--\",\"MemUsage\":\"-- / --\",\"Name\":\"gateway\",\"NetIO\":\"--\",\"PIDs\":\"--\"}";
        assertThat(DockerStatsSampler.sample(now, starting)).isEmpty();
        assertThat(DockerStatsSampler.sample(now, "\u001B[2J\u001B[H")).isEmpty();
    }
}
