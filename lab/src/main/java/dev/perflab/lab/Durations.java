package dev.perflab.lab;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine;

/**
 * Reads {@code 60s}, {@code 5m}, {@code 1h} or plain seconds, and writes them back the
 * same way.
 */
public final class Durations implements CommandLine.ITypeConverter<Duration> {

    /**
     * The longest duration any knob takes: a day (a run, a timeout or a warm-up longer
     * than that is a typo).
     */
    public static final Duration MOST = Duration.ofHours(24);

    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(s|m|h)?");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    public static Duration parse(String value) {
        Matcher m = FORM.matcher(value == null ? "" : value.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration: use whole seconds, minutes or hours such as 30s, 5m, 1h");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long seconds = unit.equals("h") ? 3600 : unit.equals("m") ? 60 : 1;
        // more digits than a long holds, or more than MOST, is one line, not an overflow
        if (m.group(1).length() > 12 || Long.parseLong(m.group(1)) * seconds > MOST.toSeconds()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is longer than the lab takes: at most " + format(MOST));
        }
        return Duration.ofSeconds(Long.parseLong(m.group(1)) * seconds);
    }

    public static String format(Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds % 3600 == 0 && seconds > 0) {
            return seconds / 3600 + "h";
        }
        if (seconds % 60 == 0 && seconds > 0) {
            return seconds / 60 + "m";
        }
        return seconds + "s";
    }

}
