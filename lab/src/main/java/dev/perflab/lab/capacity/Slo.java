package dev.perflab.lab.capacity;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.common.LatencySpec;
import dev.perflab.lab.LabException;

/**
 * A latency objective such as {@code p99:10ms} or {@code p99.9:50ms}: a step meets it
 * when that percentile is at most the limit, at most 0.1 % of its requests failed, and it
 * achieved at least 98 % of the rate it was offered (a generator that fell behind
 * measured a lower rate than asked).
 */
public record Slo(double percentile, double limitMs, String text) {

    public static final double MAX_ERROR_SHARE = 0.001;

    public static final double MIN_ACHIEVED_SHARE = 0.98;

    private static final Pattern FORM = Pattern.compile("p(50|90|99|99\\.9):(.+)");

    public static Slo parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new LabException(
                    "SLO must be a percentile and a latency such as p99:10ms or p99.9:50ms (p50, p90, p99 or p99.9), not '"
                            + text + "'");
        }
        LatencySpec limit;
        try {
            limit = LatencySpec.parse(m.group(2));
        }
        catch (IllegalArgumentException ex) {
            throw new LabException("SLO's latency in '" + text + "' is not a latency: " + ex.getMessage());
        }
        if (limit.minNanos() != limit.maxNanos()) {
            throw new LabException("SLO's latency must be one value, not a range: '" + text + "'");
        }
        double limitMs = limit.minNanos() / 1e6;
        if (limitMs <= 0) {
            throw new LabException("SLO's latency must be above zero, not '" + text + "'");
        }
        return new Slo(Double.parseDouble(m.group(1)), limitMs, text.trim());
    }

    public boolean metBy(Point point) {
        return point.latencyMs(percentile) <= limitMs
                && (point.requests() == 0 ? false : point.errors() <= MAX_ERROR_SHARE * point.requests())
                && point.achievedRps() >= MIN_ACHIEVED_SHARE * point.offeredRps();
    }
}
