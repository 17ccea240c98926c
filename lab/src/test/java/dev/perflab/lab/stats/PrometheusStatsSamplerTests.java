package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A scrape of the lab's gateway (captured from /actuator/prometheus) as the stats line
 * RUNTIME=remote writes.
 */
class PrometheusStatsSamplerTests {

    private static final LocalDateTime TIME = LocalDateTime.of(2026, 11, 23, 11, 45, 1);

    private static PrometheusText captured() throws IOException {
        return PrometheusText.parse(Files.readString(Path.of("src/test/resources/captured/prometheus-gateway.prom")));
    }

    @Test
    void theCapturedScrapeReadsAsMicrometerWroteIt() throws IOException {
        PrometheusText scrape = captured();
        assertThat(scrape.first("process_cpu_usage")).hasValue(0.014492753623188406);
        assertThat(scrape.first("system_cpu_count")).hasValue(2.0);
        assertThat(scrape.first("process_cpu_time_ns_total")).hasValue(6.4E9);
        assertThat(scrape.sum("jvm_memory_used_bytes").getAsDouble())
            .isEqualTo(5.809652E7 + 2551480.0 + 2.3315256E7 + 1.5615232E7 + 7445368.0 + 4.9248008E7);
        assertThat(scrape.samples()).anySatisfy(sample -> {
            assertThat(sample.name()).isEqualTo("lab_auth_call_seconds_bucket");
            assertThat(sample.labels()).containsEntry("le", "+Inf");
        });
        assertThat(scrape.samples())
            .anySatisfy(sample -> assertThat(sample.labels()).containsEntry("remote_address", "127.0.0.1:40205")
                .containsEntry("name", "proxy"));
    }

    @Test
    void withoutAnEarlierScrapeCpuIsTheUsageGaugeTimesTheProcessorsAsShareOfOneCore() throws IOException {
        StatsLine line = PrometheusStatsSampler.line(TIME, "gateway", captured(), null).orElseThrow();
        assertThat(line.cpuPercent()).isCloseTo(0.014492753623188406 * 2 * 100, within(1e-9));
        assertThat(line.memBytes()).isEqualTo(captured().sum("jvm_memory_used_bytes").getAsDouble());
        assertThat(line.memLimitBytes()).as("the areas with a maximum; Metaspace's -1 is none")
            .isEqualTo(7.1630848E7 + 8912896.0 + 1.78978816E8 + 5.0331648E7 + 1.073741824E9);
        assertThat(line.pids()).as("live JVM threads").isEqualTo(17);
        // 156,271,864 bytes used of 1,383,596,032: docker stats' units and rounding
        assertThat(line.format()).isEqualTo(
                "11-23-2026 11:45:01   gateway            2.90%   149MiB / 1.289GiB   11.29%   0B / 0B   0B / 0B   17");
        assertThat(StatsLine.parse(line.format())).hasValue(new StatsLine(TIME, "gateway", 2.9, 149 * 1024 * 1024.0,
                1.289 * 1024 * 1024 * 1024, 11.29, 0, 0, 0, 0, 17));
    }

    @Test
    void theCpuCounterGrowthWinsOverTheGaugeWhenKnown() throws IOException {
        StatsLine line = PrometheusStatsSampler.line(TIME, "gateway", captured(), 63.5).orElseThrow();
        assertThat(line.cpuPercent()).isEqualTo(63.5);
    }

    @Test
    void aScrapeWithoutCpuReadingsIsNoLine() {
        PrometheusText other = PrometheusText
            .parse("# a service without Micrometer's process metrics\nhttp_requests_total{code=\"200\"} 12\n");
        assertThat(other.samples()).hasSize(1);
        assertThat(other.samples().get(0).labels()).isEqualTo(Map.of("code", "200"));
        assertThat(PrometheusStatsSampler.line(TIME, "gateway", other, null)).isEmpty();
    }

    @Test
    void theLinesMeanIsTheRunsCpuAsStatsLogReadsIt(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path log = dir.resolve("stats.log");
        try (StatsWriter writer = new StatsWriter(log)) {
            writer.write(PrometheusStatsSampler.line(TIME, "gateway", captured(), 60.0).orElseThrow());
            writer.write(PrometheusStatsSampler.line(TIME.plusSeconds(1), "gateway", captured(), 80.0).orElseThrow());
        }
        assertThat(StatsLog.read(log).meanCpu(TIME, TIME.plusSeconds(1))).isEqualTo(Map.of("gateway", 70.0));
    }

}
