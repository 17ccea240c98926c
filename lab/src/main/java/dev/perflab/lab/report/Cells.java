package dev.perflab.lab.report;

import java.util.Locale;
import java.util.Optional;

import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.Ratio;

/**
 * How the report prints a figure in a table cell or a sentence, the same way in every
 * section: req/s with thousands separators and no decimals, milliseconds with two, CPU ms
 * per request with three.
 */
final class Cells {

    private Cells() {
    }

    /** Whole numbers with a thousands separator: req/s, counts. */
    static String count(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** {@link #count} or an empty cell. */
    static String count(Double value) {
        return value == null ? "" : count(value.doubleValue());
    }

    /** {@code value} printed with a {@link String#format} pattern in the root locale. */
    static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }

    /** Milliseconds to two decimals, or an empty cell. */
    static String ms(Double value) {
        return value == null ? "" : format("%.2f", value);
    }

    /**
     * The 95 % interval as {@code [low to high]} with each end printed by {@code pattern}
     * ("to", not a comma: the ends have thousands separators); empty without an interval.
     */
    static String interval(Estimate estimate, String pattern) {
        return estimate == null || !estimate.hasInterval() ? ""
                : "[" + format(pattern, estimate.low()) + " to " + format(pattern, estimate.high()) + "]";
    }

    /** The interval's half-width in % of the mean, or an empty cell. */
    static String halfWidth(Estimate estimate) {
        return estimate == null || estimate.halfWidthPercent() == null ? ""
                : format("%.1f %%", estimate.halfWidthPercent());
    }

    static String ratioWithInterval(Ratio ratio) {
        return ratioWithInterval(ratio, 2);
    }

    /**
     * With {@code digits} decimals: bytes per request moves by tenths of a per cent that
     * two decimals would round to 1.00.
     */
    static String ratioWithInterval(Ratio ratio, int digits) {
        if (ratio == null) {
            return "";
        }
        String f = "%." + digits + "f";
        return ratio.low() == null ? format(f + " (one window: no interval)", ratio.ratio())
                : format(f + " [" + f + ", " + f + "]", ratio.ratio(), ratio.low(), ratio.high());
    }

    /** A step metric's name as the report writes it. */
    static String metricName(String metric) {
        return switch (metric) {
            case "gateway_bytes_per_request" -> "gateway bytes per request";
            case "proxy_cpu_ms_per_request_at_rate" -> "proxy CPU per request at the fixed rate";
            case "proxy_cpu_ms_per_request" -> "proxy CPU per request";
            case "rps" -> "req/s";
            default -> metric;
        };
    }

    /**
     * What a cell says for a ratio whose interval is over the windows of one start: it
     * carries no verdict.
     */
    static final String ONE_START = "no verdict (one start)";

    static String verdictWords(Ratio ratio) {
        if (ratio != null && ratio.verdict() == null && ratio.low() != null) {
            return ONE_START;
        }
        return ratio == null || ratio.verdict() == null ? "" : ratio.verdict().words();
    }

    /**
     * The proxy's CPU ms per request: the gateway's, else nginx's in the reference rung;
     * null for the baseline.
     */
    static Estimate proxyCpu(Intervals intervals) {
        if (intervals.cpuMsPerRequest() == null) {
            return null;
        }
        return Optional.ofNullable(intervals.cpuMsPerRequest().get("gateway"))
            .orElse(intervals.cpuMsPerRequest().get("nginx"));
    }

}
