package dev.perflab.lab.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

/**
 * One sample of one service, kept raw (bytes, percent) in {@code stats.jsonl}
 * ({@link #raw()}, {@link #fromRaw}) and written as one line of
 * {@code docker stats --no-stream}, prefixed by a {@code %m-%d-%Y %H:%M:%S} timestamp as
 * users log it with awk:
 * {@code 11-21-2026 12:30:01 gateway 105.32% 512.3MiB / 23.54GiB 2.13% 0B / 0B 0B / 4.1kB 45}.
 * Sizes use Docker's units: binary (KiB, MiB, GiB) for memory, decimal (kB, MB, GB) for
 * I/O. A figure that cannot be read is NaN, written {@code --} as Docker writes what it
 * does not know (NET I/O of a side on the host's network without ss: {@link #NET_NOTE}),
 * and null in the raw record.
 */
public record StatsLine(LocalDateTime time, String name, double cpuPercent, double memBytes, double memLimitBytes,
        double memPercent, double netInBytes, double netOutBytes, double blockInBytes, double blockOutBytes,
        long pids) {

    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd-yyyy HH:mm:ss", Locale.ROOT);

    private static final String[] BINARY = { "B", "KiB", "MiB", "GiB", "TiB" };

    private static final String[] DECIMAL = { "B", "kB", "MB", "GB", "TB" };

    /**
     * The comment stats.log opens with where its processes run on the host's network:
     * what its NET I/O column counts ({@link SocketTraffic}), and what {@code --} there
     * means.
     */
    public static final String NET_NOTE = "# NET I/O: TCP payload bytes received / sent by each process's own sockets "
            + "since this log began (tcp_info, listed by ss once a second): on the host's network no interface counts "
            + "one app's bytes alone, and docker stats shows 0B there; -- where they cannot be read";

    private static final Pattern SIZE = Pattern.compile("([0-9.]+)([a-zA-Z]+)");

    public String format() {
        return String.format(Locale.ROOT, "%s   %-16s %6.2f%%   %s / %s   %.2f%%   %s / %s   %s / %s   %d",
                TIME.format(time), name, cpuPercent, binary(memBytes), binary(memLimitBytes), memPercent,
                decimal(netInBytes), decimal(netOutBytes), decimal(blockInBytes), decimal(blockOutBytes), pids);
    }

    /**
     * The same sample with NET I/O as a side's sockets count it ({received, sent},
     * {@link SocketTraffic}), or unread ({@code --}) where empty.
     */
    public StatsLine withNet(Optional<double[]> bytes) {
        return new StatsLine(time, name, cpuPercent, memBytes, memLimitBytes, memPercent,
                bytes.map(read -> read[0]).orElse(Double.NaN), bytes.map(read -> read[1]).orElse(Double.NaN),
                blockInBytes, blockOutBytes, pids);
    }

    /**
     * The sample as one raw record of {@code stats.jsonl}: numbers in bytes and percent,
     * the time to the millisecond.
     */
    public Map<String, Object> raw() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("time", time.truncatedTo(ChronoUnit.MILLIS).toString());
        raw.put("service", name);
        raw.put("cpu_percent", cpuPercent);
        raw.put("mem_bytes", memBytes);
        raw.put("mem_limit_bytes", memLimitBytes);
        raw.put("mem_percent", memPercent);
        raw.put("net_in_bytes", Double.isNaN(netInBytes) ? null : netInBytes);
        raw.put("net_out_bytes", Double.isNaN(netOutBytes) ? null : netOutBytes);
        raw.put("block_in_bytes", blockInBytes);
        raw.put("block_out_bytes", blockOutBytes);
        raw.put("pids", pids);
        return raw;
    }

    /** A raw record of {@code stats.jsonl} read back. */
    public static StatsLine fromRaw(JsonNode raw) {
        return new StatsLine(LocalDateTime.parse(raw.get("time").asString()), raw.get("service").asString(),
                raw.get("cpu_percent").asDouble(), raw.get("mem_bytes").asDouble(),
                raw.get("mem_limit_bytes").asDouble(), raw.get("mem_percent").asDouble(),
                unread(raw.get("net_in_bytes")), unread(raw.get("net_out_bytes")), raw.get("block_in_bytes").asDouble(),
                raw.get("block_out_bytes").asDouble(), raw.get("pids").asLong());
    }

    /** A raw record's number, NaN for null (a figure that was not read). */
    private static double unread(JsonNode number) {
        return number == null || number.isNull() ? Double.NaN : number.asDouble();
    }

    /**
     * One line of {@code docker stats --format '{{json .}}'}, the only place Docker's
     * human units are read; empty for the {@code --} placeholders of a container that is
     * starting or stopping.
     */
    public static Optional<StatsLine> fromDocker(LocalDateTime time, JsonNode stats) {
        try {
            String[] mem = pair(stats.get("MemUsage").asString());
            String[] net = pair(stats.get("NetIO").asString());
            String[] block = pair(stats.get("BlockIO").asString());
            return Optional.of(new StatsLine(time, stats.get("Name").asString(),
                    percent(stats.get("CPUPerc").asString()), size(mem[0]), size(mem[1]),
                    percent(stats.get("MemPerc").asString()), size(net[0]), size(net[1]), size(block[0]),
                    size(block[1]), Long.parseLong(stats.get("PIDs").asString().trim())));
        }
        catch (RuntimeException placeholder) {
            return Optional.empty();
        }
    }

    private static String[] pair(String text) {
        String[] parts = text.split("\\s*/\\s*");
        if (parts.length != 2) {
            throw new IllegalArgumentException("not a pair: " + text);
        }
        return new String[] { parts[0].trim(), parts[1].trim() };
    }

    /**
     * Reads a line of either runtime; empty for a header, a blank line or Docker's
     * {@code --} placeholders of a container that is starting or stopping.
     */
    public static Optional<StatsLine> parse(String line) {
        String[] t = line.trim().split("\\s+");
        if (t.length == 16) {
            // docker's default table has CONTAINER ID before NAME
            String[] withoutId = new String[15];
            withoutId[0] = t[0];
            withoutId[1] = t[1];
            System.arraycopy(t, 3, withoutId, 2, 13);
            t = withoutId;
        }
        if (t.length != 15 || !t[5].equals("/") || !t[9].equals("/") || !t[12].equals("/")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StatsLine(LocalDateTime.parse(t[0] + " " + t[1], TIME), t[2], percent(t[3]),
                    size(t[4]), size(t[6]), percent(t[7]), sizeOrUnread(t[8]), sizeOrUnread(t[10]), size(t[11]),
                    size(t[13]), Long.parseLong(t[14])));
        }
        catch (RuntimeException notAStatsLine) {
            return Optional.empty();
        }
    }

    /**
     * The column header {@code docker stats} prints before each round, timestamped by awk
     * like the lines.
     */
    public static boolean isHeader(String line) {
        return line.contains(" NAME ") && line.contains("CPU %") && line.contains("PIDS");
    }

    static double percent(String text) {
        String trimmed = text.trim();
        if (!trimmed.endsWith("%")) {
            throw new IllegalArgumentException("not a percentage: " + text);
        }
        return Double.parseDouble(trimmed.substring(0, trimmed.length() - 1));
    }

    /** A NET I/O figure: {@code --} where it was not read (NaN). */
    private static double sizeOrUnread(String text) {
        return text.equals("--") ? Double.NaN : size(text);
    }

    /**
     * A comment line of stats.log (what a column counts, {@link #NET_NOTE}): neither a
     * sample nor unreadable.
     */
    public static boolean isComment(String line) {
        return line.startsWith("#");
    }

    static double size(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: " + text);
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        for (int i = 0; i < BINARY.length; i++) {
            if (unit.equals(BINARY[i])) {
                return value * Math.pow(1024, i);
            }
            if (unit.equalsIgnoreCase(DECIMAL[i])) {
                return value * Math.pow(1000, i);
            }
        }
        throw new IllegalArgumentException("unknown unit in " + text);
    }

    /** Go's {@code units.BytesSize}: 4 significant digits, binary units. */
    static String binary(double bytes) {
        return scaled(bytes, 1024, BINARY, 4);
    }

    /**
     * Go's {@code units.HumanSizeWithPrecision(size, 3)}: 3 significant digits, decimal
     * units.
     */
    static String decimal(double bytes) {
        if (Double.isNaN(bytes)) {
            return "--";
        }
        return scaled(bytes, 1000, DECIMAL, 3);
    }

    private static String scaled(double value, double base, String[] units, int digits) {
        int i = 0;
        while (value >= base && i < units.length - 1) {
            value /= base;
            i++;
        }
        String number = new BigDecimal(value).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
        return number + units[i];
    }
}
