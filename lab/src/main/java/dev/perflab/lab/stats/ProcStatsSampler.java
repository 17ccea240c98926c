package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;

/**
 * The local runtime's {@code docker stats}: once a second, for each service process (raw
 * in {@code stats.jsonl}, as Docker's table in {@code stats.log}), CPU (share of one
 * core, as Docker counts it), resident memory against the machine's memory, block I/O,
 * thread count, and NET I/O as the service's own sockets count it ({@link SocketTraffic}:
 * on one shared loopback no interface can tell whose bytes they are), stats.log opening
 * with one line saying so ({@link StatsLine#NET_NOTE}). The sampler measures its own CPU
 * time so a run can state what it cost.
 */
public final class ProcStatsSampler extends EverySecondSampler {

    private static final long CLOCK_TICKS = 100;

    private final Map<String, List<Long>> pids;

    private final double memTotalBytes;

    private final Map<String, long[]> previous = new HashMap<>();

    private final Map<String, SocketTraffic> traffic = new HashMap<>();

    public ProcStatsSampler(Map<String, List<Long>> pids, Path file) {
        super(file, "stats-sampler");
        this.pids = new LinkedHashMap<>(pids);
        this.memTotalBytes = memTotal();
        out.note(StatsLine.NET_NOTE);
        pids.keySet().forEach(service -> traffic.put(service, new SocketTraffic()));
    }

    @Override
    public ProcStatsSampler start() {
        super.start();
        return this;
    }

    @Override
    public void close() {
        try {
            super.close();
        }
        finally {
            // also when the log could not be written: the shared ss loop must not
            // outlive its last reader
            traffic.values().forEach(SocketTraffic::close);
        }
    }

    @Override
    void sampleOnce() {
        LocalDateTime now = LocalDateTime.now();
        long wallNanos = System.nanoTime();
        try {
            for (Map.Entry<String, List<Long>> service : pids.entrySet()) {
                long ticks = 0;
                long rssKb = 0;
                long threadCount = 0;
                long blockIn = 0;
                long blockOut = 0;
                boolean alive = false;
                for (long pid : service.getValue()) {
                    Path proc = Path.of("/proc", Long.toString(pid));
                    if (!Files.isDirectory(proc)) {
                        continue;
                    }
                    String[] stat = statFields(Files.readString(proc.resolve("stat")));
                    ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                    Map<String, Long> status = keyValues(proc.resolve("status"), ":");
                    Map<String, Long> io = keyValues(proc.resolve("io"), ":");
                    rssKb += status.getOrDefault("VmRSS", 0L);
                    threadCount += status.getOrDefault("Threads", 0L);
                    blockIn += io.getOrDefault("read_bytes", 0L);
                    blockOut += io.getOrDefault("write_bytes", 0L);
                    alive = true;
                }
                if (!alive) {
                    continue;
                }
                long[] before = previous.put(service.getKey(), new long[] { ticks, wallNanos });
                if (before == null) {
                    continue;
                }
                double cpu = (ticks - before[0]) * 1e9 / CLOCK_TICKS / (wallNanos - before[1]) * 100;
                double rss = rssKb * 1024.0;
                out.write(new StatsLine(now, service.getKey(), cpu, rss, memTotalBytes, rss / memTotalBytes * 100, 0, 0,
                        blockIn, blockOut, threadCount)
                    .withNet(traffic.get(service.getKey()).read(service.getValue())));
            }
            out.flush();
        }
        catch (IOException | RuntimeException processGone) {
            // a service that exits mid-sample is reported by the run, not here
        }
    }

    /**
     * Fields of /proc/pid/stat after the command name, which may itself contain spaces.
     */
    static String[] statFields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    private static Map<String, Long> keyValues(Path file, String separator) throws IOException {
        Map<String, Long> values = new HashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines) {
            int at = line.indexOf(separator);
            if (at > 0) {
                String[] value = line.substring(at + 1).trim().split("\\s+");
                try {
                    values.put(line.substring(0, at).trim(), Long.parseLong(value[0]));
                }
                catch (NumberFormatException notANumber) {
                    // text fields such as Name or State
                }
            }
        }
        return values;
    }

    private static double memTotal() {
        try {
            return keyValues(Path.of("/proc/meminfo"), ":").getOrDefault("MemTotal", 0L) * 1024.0;
        }
        catch (IOException ex) {
            throw new LabException("the local runtime needs Linux /proc to sample CPU and memory: " + ex.getMessage(),
                    ex);
        }
    }

}
