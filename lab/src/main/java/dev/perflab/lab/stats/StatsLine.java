package dev.perflab.lab.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of {@code docker stats --no-stream} for one service, prefixed by a
 * {@code %m-%d-%Y %H:%M:%S} timestamp as users log it with awk:
 * {@code 11-21-2026 12:30:01 gateway 105.32% 512.3MiB / 23.54GiB 2.13% 0B / 0B 0B / 4.1kB 45}.
 * Sizes use Docker's units: binary (KiB, MiB, GiB) for memory, decimal (kB, MB, GB) for I/O.
 */
public record StatsLine(LocalDateTime time, String name, double cpuPercent, double memBytes, double memLimitBytes,
        double memPercent, double netInBytes, double netOutBytes, double blockInBytes, double blockOutBytes, long pids) {

    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd-yyyy HH:mm:ss", Locale.ROOT);

    private static final String[] BINARY = { "B", "KiB", "MiB", "GiB", "TiB" };
    private static final String[] DECIMAL = { "B", "kB", "MB", "GB", "TB" };
    private static final Pattern SIZE = Pattern.compile("([0-9.]+)([a-zA-Z]+)");

    public String format() {
        return String.format(Locale.ROOT, "%s   %-16s %6.2f%%   %s / %s   %.2f%%   %s / %s   %s / %s   %d",
                TIME.format(time), name, cpuPercent, binary(memBytes), binary(memLimitBytes), memPercent,
                decimal(netInBytes), decimal(netOutBytes), decimal(blockInBytes), decimal(blockOutBytes), pids);
    }

    /**
     * Reads a line of either runtime; empty for a header, a blank line or Docker's {@code --}
     * placeholders of a container that is starting or stopping.
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
                    size(t[4]), size(t[6]), percent(t[7]), size(t[8]), size(t[10]), size(t[11]), size(t[13]), Long.parseLong(t[14])));
        }
        catch (RuntimeException notAStatsLine) {
            return Optional.empty();
        }
    }

    /** The column header {@code docker stats} prints before each round, timestamped by awk like the lines. */
    public static boolean isHeader(String line) {
        return line.contains(" NAME ") && line.contains("CPU %") && line.contains("PIDS");
    }

    static double percent(String text) {
        if (!text.endsWith("%")) {
            throw new IllegalArgumentException("not a percentage: " + text);
        }
        return Double.parseDouble(text.substring(0, text.length() - 1));
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

    /** Go's {@code units.HumanSizeWithPrecision(size, 3)}: 3 significant digits, decimal units. */
    static String decimal(double bytes) {
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
