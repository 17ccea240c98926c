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
        // captured from the lab's own containers (make test's compose tests, Docker
        // 20.10, host network), as users log it:
        // docker stats --no-stream [--format "table {{.Name}}\t{{.CPUPerc}}..."] | sed
        // "s/^/$(date '+%m-%d-%Y %H:%M:%S') /"
        // To capture again: bash .ci/run, and while ComposeIntegrationTests runs, the
        // same command for a few rounds.
        record First(String file, double cpu, double memMiB, double memPercent, int pids) {
        }
        for (First expected : List.of(new First("stats-docker-format.log", 91.26, 116.9, 5.71, 23),
                new First("stats-docker-default.log", 19.63, 73.16, 3.57, 21))) {
            List<String> lines = Captured.read(expected.file()).lines().toList();
            List<StatsLine> parsed = lines.stream().map(StatsLine::parse).flatMap(Optional::stream).toList();
            assertThat(parsed).as(expected.file()).hasSize(9);
            assertThat(lines.stream().filter(StatsLine::isHeader)).as(expected.file()).hasSize(3);
            StatsLine gateway = parsed.stream().filter(l -> l.name().equals("gateway")).findFirst().orElseThrow();
            assertThat(gateway.cpuPercent()).isEqualTo(expected.cpu());
            assertThat(gateway.memBytes()).isCloseTo(expected.memMiB() * 1024 * 1024,
                    org.assertj.core.api.Assertions.within(1.0));
            assertThat(gateway.memLimitBytes()).isEqualTo(2.0 * 1024 * 1024 * 1024);
            assertThat(gateway.memPercent()).isEqualTo(expected.memPercent());
            assertThat(gateway.pids()).isEqualTo(expected.pids());
            assertThat(parsed).extracting(StatsLine::name).containsOnly("gateway", "auth-service", "business-service");
            assertThat(parsed)
                .allSatisfy(line -> assertThat(line.netInBytes()).as("host network: no container interface").isZero());
        }
    }

    @Test
    void statsLogSkipsDockersHeadersWithoutCountingThemUnreadable(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("stats.log");
        java.nio.file.Files.writeString(file, Captured.read("stats-docker-format.log") + "garbage line\n");
        StatsLog log = StatsLog.read(file);
        assertThat(log.lines()).hasSize(9);
        assertThat(log.unreadable()).isEqualTo(1);
        assertThat(log.byService().keySet()).containsExactly("gateway", "auth-service", "business-service");
    }

    @Test
    void dockersDefaultTableWithContainerIdIsReadToo() {
        // the same columns with CONTAINER ID first, as `docker stats --no-stream` prints
        // without --format
        String line = "11-21-2026 12:55:13 3f2a1b2c3d4e gateway 86.90% 765.4MiB / 2GiB 37.37% 1.2GB / 1.1GB 0B / 4.1kB 33";
        StatsLine parsed = StatsLine.parse(line).orElseThrow();
        assertThat(parsed.name()).isEqualTo("gateway");
        assertThat(parsed.memLimitBytes()).isEqualTo(2.0 * 1024 * 1024 * 1024);
        assertThat(parsed.netInBytes()).isEqualTo(1.2e9);
    }

    @Test
    void headersAndPlaceholdersAreNotLines() {
        assertThat(StatsLine.parse("11-21-2026 12:55:13 NAME CPU % MEM USAGE / LIMIT MEM % NET I/O BLOCK I/O PIDS"))
            .isEmpty();
        assertThat(StatsLine.parse("11-21-2026 12:55:13 gateway -- -- / -- -- -- / -- -- / -- --")).isEmpty();
        assertThat(StatsLine.parse("")).isEmpty();
    }

    @Test
    void netIoThatCannotBeReadIsWrittenAsDockersPlaceholderAndReadBackAsUnread(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StatsLine read = new StatsLine(LocalDateTime.of(2026, 11, 21, 12, 55, 13), "gateway", 10, 1024 * 1024,
                2.0 * 1024 * 1024 * 1024, 0.05, 1.2e9, 1.1e9, 0, 4100, 3);
        StatsLine unread = read.withNet(Optional.empty());
        assertThat(read.withNet(Optional.of(new double[] { 5e6, 7e3 })).format()).contains("0.05%   5MB / 7kB   0B");
        assertThat(unread.format()).contains("0.05%   -- / --   0B / 4.1kB   3");
        assertThat(StatsLine.parse(unread.format())).contains(unread);
        assertThat(StatsLine.parse(unread.format()).orElseThrow().netInBytes()).isNaN();
        assertThat(unread.raw()).containsEntry("net_in_bytes", null).containsEntry("net_out_bytes", null);
        assertThat(StatsLine.fromRaw(tools.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree(tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(unread.raw()))))
            .isEqualTo(unread);
        java.nio.file.Path file = dir.resolve("stats.log");
        java.nio.file.Files.writeString(file, StatsLine.NET_NOTE + "\n" + unread.format() + "\n");
        StatsLog log = StatsLog.read(file);
        assertThat(log.lines()).containsExactly(unread);
        assertThat(log.unreadable()).as("the comment line is no unreadable line").isZero();
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
    void meansAreReadFromTheRawRecordsWhenARungHasThem(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("stats.log");
        java.nio.file.Files.writeString(file,
                "11-21-2026 12:55:13   gateway           10.00%   1MiB / 2GiB   0.05%   0B / 0B   0B / 0B   3\n");
        java.nio.file.Files.writeString(dir.resolve("stats.jsonl"),
                """
                        {"time":"2026-11-21T12:55:13.412","service":"gateway","cpu_percent":86.94,"mem_bytes":802570240,"mem_limit_bytes":2147483648,"mem_percent":37.37,"net_in_bytes":0,"net_out_bytes":0,"block_in_bytes":2200000,"block_out_bytes":4096,"pids":33}
                        {"time":"2026-11-21T12:55:14.409","service":"gateway","cpu_percent":90.16,"mem_bytes":802570240,"mem_limit_bytes":2147483648,"mem_percent":37.37,"net_in_bytes":0,"net_out_bytes":0,"block_in_bytes":2200000,"block_out_bytes":4096,"pids":33}
                        {"time":"2026-11-21T12:55:15.4
                        """);
        StatsLog log = StatsLog.read(file);
        assertThat(log.lines()).hasSize(2);
        assertThat(log.unreadable()).as("a record cut short by a kill").isEqualTo(1);
        assertThat(log.lines().get(0).memBytes()).isEqualTo(802570240.0);
        assertThat(log.lines().get(0).time()).as("whole seconds, as stats.log stamps them")
            .isEqualTo(LocalDateTime.of(2026, 11, 21, 12, 55, 13));
        assertThat(log.meanCpu(LocalDateTime.of(2026, 11, 21, 12, 55, 13, 500_000_000),
                LocalDateTime.of(2026, 11, 21, 12, 55, 14, 500_000_000)))
            .containsEntry("gateway", 88.6);
    }

    @Test
    void dockersJsonLinesAreReadOnceIntoRawNumbers() {
        // captured from the lab's own containers with docker stats --no-stream --format
        // '{{json .}}' (see above); the
        // streaming docker stats that the sampler runs puts a screen-clearing escape
        // before each round
        String captured = Captured.read("stats-docker-json.log").lines().findFirst().orElseThrow();
        LocalDateTime now = LocalDateTime.of(2026, 11, 23, 9, 35, 28);
        StatsLine sample = DockerStatsSampler.sample(now, "\u001B[2J\u001B[H" + captured).orElseThrow();
        assertThat(sample).isEqualTo(new StatsLine(now, "gateway", 73.66, 130.4 * 1024 * 1024, 2.0 * 1024 * 1024 * 1024,
                6.37, 0, 0, 0, 0, 21));
        assertThat(sample.format().split("\\s+")).containsExactly("11-23-2026", "09:35:28", "gateway", "73.66%",
                "130.4MiB", "/", "2GiB", "6.37%", "0B", "/", "0B", "0B", "/", "0B", "21");
        assertThat(Captured.read("stats-docker-json.log").lines().map(line -> DockerStatsSampler.sample(now, line)))
            .allSatisfy(parsed -> assertThat(parsed).isPresent());
        String starting = "{\"BlockIO\":\"--\",\"CPUPerc\":\"--\",\"MemPerc\":\"--\",\"MemUsage\":\"-- / --\",\"Name\":\"gateway\",\"NetIO\":\"--\",\"PIDs\":\"--\"}";
        assertThat(DockerStatsSampler.sample(now, starting)).isEmpty();
        assertThat(DockerStatsSampler.sample(now, "\u001B[2J\u001B[H")).isEmpty();
    }

}
