package dev.perflab.common;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An injected latency: a fixed duration ({@code 1ms}) or a uniform range
 * ({@code 0.5ms-2ms}). Units: ns, us, ms, s in any case; a bare {@code 0} means none.
 * auth-service injects it and the lab's report reads it back, so both parse it here.
 */
public record LatencySpec(long minNanos, long maxNanos, String text) {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s)");

    public static final long MAX_NANOS = 60_000_000_000L;

    public static final LatencySpec NONE = new LatencySpec(0, 0, "0");

    public static LatencySpec parse(String text) {
        if (text == null) {
            throw invalid(null);
        }
        String trimmed = text.trim().toLowerCase(Locale.ROOT);
        if (trimmed.equals("0") || trimmed.equals("none")) {
            return NONE;
        }
        String[] parts = trimmed.split("-", -1);
        if (parts.length > 2) {
            throw invalid(text);
        }
        long min = nanos(parts[0], text);
        long max = parts.length == 2 ? nanos(parts[1], text) : min;
        if (max < min) {
            throw new IllegalArgumentException(
                    "latency range '" + text + "' has its upper bound below its lower bound");
        }
        return new LatencySpec(min, max, trimmed);
    }

    public long nextNanos() {
        return (minNanos == maxNanos) ? minNanos : ThreadLocalRandom.current().nextLong(minNanos, maxNanos + 1);
    }

    public boolean isNone() {
        return maxNanos == 0;
    }

    private static long nanos(String part, String whole) {
        Matcher m = DURATION.matcher(part.trim());
        if (!m.matches()) {
            throw invalid(whole);
        }
        BigDecimal value = new BigDecimal(m.group(1));
        BigDecimal perUnit = switch (m.group(2)) {
            case "ns" -> BigDecimal.ONE;
            case "us" -> BigDecimal.valueOf(1_000);
            case "ms" -> BigDecimal.valueOf(1_000_000);
            default -> BigDecimal.valueOf(1_000_000_000);
        };
        BigDecimal nanos = value.multiply(perUnit);
        if (nanos.compareTo(BigDecimal.valueOf(MAX_NANOS)) > 0) {
            throw new IllegalArgumentException("latency '" + whole + "' is above the 60s limit");
        }
        return nanos.longValue();
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(
                "latency '" + text + "' is not a duration: use e.g. 0, 250us, 1ms, 1.5ms or a range such as 0.5ms-2ms");
    }

    @Override
    public String toString() {
        return text;
    }
}
