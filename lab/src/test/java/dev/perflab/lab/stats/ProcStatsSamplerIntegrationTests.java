package dev.perflab.lab.stats;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ProcStatsSamplerIntegrationTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    @Timeout(value = 1, unit = TimeUnit.MINUTES)
    void samplesARealProcessOnceASecondInDockerStatsFormat(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stats.log");
        LocalDateTime from = LocalDateTime.now();
        try (ProcStatsSampler sampler = new ProcStatsSampler(Map.of("this-jvm", List.of(ProcessHandle.current().pid())),
                file)
            .start();
                ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            exchange(client, accepted, 60_000);
            exchange(accepted, client, 60_000);
            long busyUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(3500);
            double sink = 0;
            while (System.nanoTime() < busyUntil) {
                sink += Math.sqrt(sink + 1);
            }
            assertThat(sink).isPositive();
        }
        StatsLog log = StatsLog.read(file);
        assertThat(log.unreadable()).isZero();
        assertThat(log.lines()).hasSizeBetween(2, 4);
        assertThat(log.lines()).allSatisfy(line -> {
            assertThat(line.name()).isEqualTo("this-jvm");
            assertThat(line.pids()).isPositive();
            assertThat(line.memBytes()).isPositive();
        });
        // this JVM's own sockets: a loopback connection it holds both ends of,
        // 60 kB each way in the sampled seconds
        assertThat(log.lines().get(log.lines().size() - 1).netInBytes()).as("NET I/O from its sockets")
            .isGreaterThanOrEqualTo(1.2e5);
        assertThat(log.lines().get(log.lines().size() - 1).netOutBytes()).isGreaterThanOrEqualTo(1.2e5);
        assertThat(log.lines().get(0).netInBytes()).as("counted from the log's first line")
            .isLessThanOrEqualTo(log.lines().get(log.lines().size() - 1).netInBytes());
        assertThat(log.meanCpu(from, LocalDateTime.now()).get("this-jvm")).as("a core kept busy").isGreaterThan(30.0);

        List<String> raw = Files.readAllLines(dir.resolve("stats.jsonl"));
        List<String> all = Files.readAllLines(file);
        assertThat(all.get(0)).as("the one line saying what NET I/O counts").isEqualTo(StatsLine.NET_NOTE);
        List<String> table = all.subList(1, all.size());
        assertThat(raw).as("one raw record per stats.log line").hasSameSizeAs(table).hasSameSizeAs(log.lines());
        for (int i = 0; i < raw.size(); i++) {
            StatsLine record = StatsLine.fromRaw(JSON.readTree(raw.get(i)));
            assertThat(record.memBytes() % 1024).as("resident memory in bytes, not rounded to Docker's units").isZero();
            assertThat(table.get(i)).as("stats.log is written from the raw record").isEqualTo(record.format());
        }
    }

    private static void exchange(Socket from, Socket to, int bytes) throws Exception {
        from.getOutputStream().write(new byte[bytes]);
        from.getOutputStream().flush();
        to.getInputStream().readNBytes(bytes);
    }

}
