package dev.perflab.lab.trend;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.history.HistoryRow;

/**
 * One series of the history: a figure (a ratio B / A) on one machine, its points in the
 * order the runs started. Only ratios measured in the same seconds as their reference
 * make a series: an absolute figure moves by half between runs on a shared machine, a
 * ratio measured together does not.
 *
 * @param figure the figure's name, e.g. {@code reactive → log-async: cpu_ms_per_request}
 * @param machine the cores and CPU model it was measured on
 * @param points the rows, oldest first
 */
public record TrendSeries(String figure, String machine, List<HistoryRow> points) {

    public TrendSeries {
        points = List.copyOf(points);
    }

    /** The name a chart and a table line use: the figure and, after it, the machine. */
    public String name() {
        return figure + " (" + machine + ")";
    }

    /**
     * The history's series: rows measured in the same seconds, grouped by figure and
     * machine, each group in the order its runs started; series in the order their
     * figures first appear.
     */
    public static List<TrendSeries> of(List<HistoryRow> rows) {
        Map<List<String>, List<HistoryRow>> groups = new LinkedHashMap<>();
        for (HistoryRow row : rows) {
            if (row.sameSeconds()) {
                groups.computeIfAbsent(List.of(row.figure(), machine(row)), key -> new ArrayList<>()).add(row);
            }
        }
        List<TrendSeries> series = new ArrayList<>();
        groups.forEach((key, group) -> {
            List<HistoryRow> ordered = new ArrayList<>(group);
            ordered.sort(Comparator.comparingLong(TrendSeries::epochSecond));
            series.add(new TrendSeries(key.get(0), key.get(1), ordered));
        });
        return series;
    }

    static String machine(HistoryRow row) {
        return row.cores() + " cores, " + (row.cpu() == null || row.cpu().isBlank() ? "unknown CPU" : row.cpu());
    }

    /**
     * When a row's run started, in seconds since 1970; 0 for a time that cannot be read.
     */
    static long epochSecond(HistoryRow row) {
        try {
            return OffsetDateTime.parse(row.time()).toEpochSecond();
        }
        catch (DateTimeParseException ex) {
            return 0;
        }
    }

}
