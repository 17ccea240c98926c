package dev.perflab.lab.history;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One figure of one run, as the history keeps it: when and on what it was measured, its
 * name, its value and 95 % interval, and whether it is a ratio of two gateways measured
 * in the same seconds.
 *
 * @param time when the run started (ISO-8601 with offset)
 * @param commit the commit the run was built from
 * @param dirty whether the working tree had changes to tracked files
 * @param cores the processors the JVM saw
 * @param cpu the CPU model
 * @param os the operating system, kernel version and architecture
 * @param jdk the JDK the runner ran on
 * @param command lab (the paired make lab) or compare (a paired make compare)
 * @param figure the figure's name, for example
 * {@code reactive → same: cpu_ms_per_request}
 * @param value the figure (a ratio B / A)
 * @param low the low end of its 95 % interval; null without one
 * @param high the high end of its 95 % interval; null without one
 * @param sameSeconds whether B and A were measured in the same seconds
 */
@JsonPropertyOrder({ "time", "commit", "dirty", "cores", "cpu", "os", "jdk", "command", "figure", "value", "low",
        "high", "same_seconds" })
public record HistoryRow(String time, String commit, boolean dirty, int cores, String cpu, String os, String jdk,
        String command, String figure, double value, Double low, Double high,
        @JsonProperty("same_seconds") boolean sameSeconds) {

    public HistoryRow {
        require(time, "time");
        require(commit, "commit");
        require(command, "command");
        require(figure, "figure");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("value is not a number");
        }
        if ((low == null) != (high == null) || low != null && !(low <= value && value <= high)) {
            throw new IllegalArgumentException("the interval [" + low + ", " + high + "] does not hold " + value);
        }
    }

    private static void require(String text, String name) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(name + " is empty");
        }
    }

}
