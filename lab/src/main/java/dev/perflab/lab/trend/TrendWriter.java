package dev.perflab.lab.trend;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.history.HistoryRow;
import dev.perflab.lab.report.ReportWriter;
import dev.perflab.lab.report.Templates;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.verdict.PairedRatio;
import tools.jackson.databind.json.JsonMapper;

/**
 * trend.md (the change points, each with the commits it came in between, and every
 * series) and trend.html (a chart per series with its intervals and its change points
 * marked, Chart.js inlined as in report.html); for make trend COMMITS= the same two files
 * of the commits measured against each other.
 */
public final class TrendWriter {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private TrendWriter() {
    }

    /** Writes both files into {@code dir}. */
    public static void write(Path dir, Path history, int rows, List<String> problems, List<TrendSeries> series,
            Map<String, List<ChangePoint>> changes) {
        Map<String, Object> view = view(history, rows, problems, series, changes);
        RunFolder.write(dir.resolve("trend.md"), Templates.compile("trend.md", Templates.MARKDOWN).execute(view));
        view.put("commits", "");
        view.put("xTitle", "commit, in the order the runs started");
        view.put("yTitle", "B / A");
        html(dir, view, chartData(series, changes));
    }

    private static void html(Path dir, Map<String, Object> view, List<Map<String, Object>> data) {
        view.put("chartJs", ReportWriter.chartJs());
        view.put("seriesJson", JSON.writeValueAsString(data).replace("</", "<\\/"));
        RunFolder.write(dir.resolve("trend.html"), Templates.compile("trend.html", Templates.HTML).execute(view));
    }

    /**
     * make trend COMMITS=: trend.md (each commit's step), and trend.html drawn as the
     * history mode draws its series: a chart of CPU and one of bytes per request, every
     * commit against the first with its interval, the change points marked.
     */
    public static void writeCommits(Path dir, String range, CommitTrend trend, String first, String firstSubject) {
        RunFolder.write(dir.resolve("trend.md"), trend.markdown(range, first, firstSubject, dir.toString()));
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("commits", range);
        view.put("run", dir.toString());
        view.put("xTitle", "commit, oldest first");
        view.put("yTitle", "against " + shortCommit(first));
        List<Map<String, Object>> charts = new ArrayList<>();
        List<Map<String, Object>> data = new ArrayList<>();
        for (boolean cpu : new boolean[] { true, false }) {
            String figure = (cpu ? "CPU" : "bytes") + " per request against " + shortCommit(first);
            List<PairedRatio> cumulative = trend.cumulative(cpu);
            List<Map<String, Object>> points = new ArrayList<>(List.of(point(first, firstSubject, null)));
            points.get(0).put("value", 1.0);
            List<Integer> marked = new ArrayList<>();
            for (int i = 0; i < trend.steps().size(); i++) {
                CommitTrend.Step step = trend.steps().get(i);
                points.add(point(step.commit(), step.subject(), cumulative.get(i)));
                if (cpu ? step.cpuChanged() : step.bytesChanged()) {
                    marked.add(i + 1);
                }
            }
            charts.add(Map.of("id", charts.size(), "name", figure));
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("figure", figure);
            entry.put("points", points);
            entry.put("changes", marked);
            data.add(entry);
        }
        view.put("series", charts);
        html(dir, view, data);
    }

    /** A commit's point: its figure against the first commit, null where not measured. */
    private static Map<String, Object> point(String commit, String subject, PairedRatio ratio) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("commit", commit);
        point.put("time", subject == null ? "" : subject);
        point.put("value", ratio == null ? null : ratio.ratio());
        point.put("low", ratio == null ? null : ratio.low());
        point.put("high", ratio == null ? null : ratio.high());
        return point;
    }

    static Map<String, Object> view(Path history, int rows, List<String> problems, List<TrendSeries> series,
            Map<String, List<ChangePoint>> changes) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("history", history.toString());
        view.put("rows", rows);
        view.put("seriesCount", series.size());
        view.put("problems", problems);
        view.put("otava", Otava.VERSION);
        view.put("window", Otava.WINDOW);
        view.put("pvalue", Otava.MAX_PVALUE);
        view.put("minPoints", Otava.MIN_POINTS);
        List<Map<String, Object>> found = new ArrayList<>();
        List<Map<String, Object>> all = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            TrendSeries one = series.get(i);
            List<ChangePoint> points = changes.get(one.name());
            for (ChangePoint point : points == null ? List.<ChangePoint>of() : points) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("series", one.name());
                line.put("commitBefore", shortCommit(point.commitBefore()));
                line.put("commit", shortCommit(point.commit()));
                line.put("change", String.format(Locale.ROOT, "%+.1f %%", point.changePercent()));
                line.put("meanBefore", String.format(Locale.ROOT, "%.4f", point.meanBefore()));
                line.put("meanAfter", String.format(Locale.ROOT, "%.4f", point.meanAfter()));
                line.put("pvalue", String.format(Locale.ROOT, "%.1e", point.pvalue()));
                found.add(line);
            }
            HistoryRow latest = one.points().get(one.points().size() - 1);
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("id", i);
            line.put("name", one.name());
            line.put("points", one.points().size());
            line.put("first", shortCommit(one.points().get(0).commit()));
            line.put("last", shortCommit(latest.commit()));
            line.put("latest", latest.low() == null ? String.format(Locale.ROOT, "%.3f ×", latest.value())
                    : String.format(Locale.ROOT, "%.3f × [%.3f, %.3f]", latest.value(), latest.low(), latest.high()));
            line.put("found", points == null ? "too few points" : Integer.toString(points.size()));
            all.add(line);
        }
        view.put("changes", found);
        view.put("noChanges", found.isEmpty());
        view.put("series", all);
        return view;
    }

    private static List<Map<String, Object>> chartData(List<TrendSeries> series,
            Map<String, List<ChangePoint>> changes) {
        List<Map<String, Object>> data = new ArrayList<>();
        for (TrendSeries one : series) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("figure", one.figure());
            List<Map<String, Object>> points = new ArrayList<>();
            for (HistoryRow row : one.points()) {
                Map<String, Object> point = new LinkedHashMap<>();
                point.put("commit", row.commit());
                point.put("time", row.time());
                point.put("value", row.value());
                point.put("low", row.low());
                point.put("high", row.high());
                points.add(point);
            }
            entry.put("points", points);
            entry.put("changes", changes.getOrDefault(one.name(), List.of()).stream().map(ChangePoint::index).toList());
            data.add(entry);
        }
        return data;
    }

    /** The first 7 characters of a commit, as git prints it short. */
    public static String shortCommit(String commit) {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

}
