package dev.perflab.lab.trend;

import java.util.List;

import dev.perflab.lab.history.HistoryRow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TrendSeriesTests {

    static HistoryRow row(String time, String commit, int cores, String figure, double value, boolean sameSeconds) {
        return new HistoryRow(time, commit, false, cores, "AMD EPYC", "Linux", "JDK 17", "lab", figure, value,
                value * 0.99, value * 1.01, sameSeconds);
    }

    /**
     * A series is one figure on one machine, its runs in the order they started (not the
     * order of the file), and only ratios measured in the same seconds.
     */
    @Test
    void aSeriesIsOneFigureOnOneMachineInTheOrderTheRunsStarted() {
        List<HistoryRow> rows = List.of(row("2026-11-27T10:00:00Z", "c2", 2, "a → b: cpu", 1.02, true),
                row("2026-11-27T09:00:00+00:00", "c1", 2, "a → b: cpu", 1.01, true),
                row("2026-11-27T08:00:00Z", "c0", 4, "a → b: cpu", 1.00, true),
                row("2026-11-27T08:30:00Z", "c0", 2, "a → b: bytes", 1.00, true),
                row("2026-11-27T11:00:00+01:00", "c3", 2, "a → b: cpu", 1.03, true),
                row("2026-11-27T12:00:00Z", "x", 2, "a → b: cpu", 9.0, false));
        List<TrendSeries> series = TrendSeries.of(rows);
        assertThat(series).extracting(TrendSeries::name)
            .containsExactly("a → b: cpu (2 cores, AMD EPYC)", "a → b: cpu (4 cores, AMD EPYC)",
                    "a → b: bytes (2 cores, AMD EPYC)");
        assertThat(series.get(0).points()).extracting(HistoryRow::commit)
            .as("11:00+01:00 is 10:00Z, the same second as c2's run: kept in file order")
            .containsExactly("c1", "c2", "c3");
        assertThat(series.get(0).points()).noneMatch(r -> r.commit().equals("x"));
    }

}
