package dev.perflab.lab.trend;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.history.HistoryRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class TrendWriterTests {

    /**
     * trend.md names each change point's series, the commits it came in between and its
     * size; trend.html has a chart for every series, the marked points and Chart.js.
     */
    @Test
    void theTrendNamesTheCommitsOfEachChangeAndDrawsEverySeries(@TempDir Path dir) throws Exception {
        List<HistoryRow> rows = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rows.add(TrendSeriesTests.row("2026-11-2" + i + "T10:00:00Z", "aaaaaaa" + i + "ffff", 2, "a → b: cpu",
                    i < 3 ? 1.0 : 1.05, true));
            rows.add(TrendSeriesTests.row("2026-11-2" + i + "T10:00:00Z", "aaaaaaa" + i + "ffff", 2, "a → b: bytes",
                    1.0, true));
        }
        List<TrendSeries> series = TrendSeries.of(rows);
        Map<String, List<ChangePoint>> changes = Map.of(series.get(0).name(),
                List.of(new ChangePoint(3, "aaaaaaa2ffff", "aaaaaaa3ffff", 5.0, 1.0, 1.05, 1e-6)), series.get(1).name(),
                List.of());
        TrendWriter.write(dir, Path.of("results/history.csv"), rows.size(), List.of("history.csv line 9: bad"), series,
                changes);
        String md = Files.readString(dir.resolve("trend.md"));
        assertThat(md).contains("| a → b: cpu (2 cores, AMD EPYC) | aaaaaaa | aaaaaaa | +5.0 % | 1.0000 | 1.0500 |")
            .contains("| a → b: bytes (2 cores, AMD EPYC) | 6 | aaaaaaa | aaaaaaa | 1.000 × [0.990, 1.010] | 0 |")
            .contains("- Skipped: history.csv line 9: bad");
        String html = Files.readString(dir.resolve("trend.html"));
        assertThat(html).contains("id=\"series-0\"", "id=\"series-1\"", "\"changes\":[3]", "new Chart(canvas",
                "Chart.js v");
        TrendWriter.write(dir, Path.of("h.csv"), rows.size(), List.of(), series, Map.of());
        assertThat(Files.readString(dir.resolve("trend.md"))).contains("None: no series moved beyond its own spread.")
            .as("a series Otava was not asked about (fewer than 3 points)")
            .contains("| too few points |");
    }

    /**
     * make trend COMMITS= draws its trend.html as the history mode draws its series: a
     * chart of CPU and one of bytes per request, every commit against the first, the
     * change point marked where its own step moved; trend.md keeps the table.
     */
    @Test
    void theCommitsModeDrawsEachCommitAgainstTheFirstWithItsChangePoints(@TempDir Path dir) throws Exception {
        dev.perflab.lab.verdict.PairedRatio same = dev.perflab.lab.verdict.PairedRatio
            .of(List.of(1.000, 1.010, 0.992, 1.004), dev.perflab.lab.verdict.Quantity.COST);
        dev.perflab.lab.verdict.PairedRatio burn = dev.perflab.lab.verdict.PairedRatio
            .of(List.of(1.051, 1.062, 1.043, 1.055), dev.perflab.lab.verdict.Quantity.COST);
        CommitTrend trend = new CommitTrend(List.of(new CommitTrend.Step("bbbbbbb2", "a comment", null, same, same),
                new CommitTrend.Step("ccccccc3", "docs", "bbbbbbb2", null, null),
                new CommitTrend.Step("ddddddd4", "burn 25 us", null, burn, same)));
        TrendWriter.writeCommits(dir, "aaaaaaa1..ddddddd4", trend, "aaaaaaa1", "the first");
        assertThat(Files.readString(dir.resolve("trend.md"))).contains("Change points: `ddddddd` (CPU)");
        String html = Files.readString(dir.resolve("trend.html"));
        assertThat(html)
            .contains("make trend COMMITS=aaaaaaa1..ddddddd4", "id=\"series-0\"", "id=\"series-1\"",
                    "CPU per request against aaaaaaa", "bytes per request against aaaaaaa", "new Chart(canvas",
                    "Chart.js v")
            .doesNotContain("Apache Otava");
        String cpu = html.substring(html.indexOf("const series = "), html.indexOf("\"figure\":\"bytes"));
        assertThat(cpu).as("the first commit, then each commit's product; the change point is the fourth point")
            .contains("{\"commit\":\"aaaaaaa1\",\"time\":\"the first\",\"value\":1.0,")
            .contains("\"commit\":\"ddddddd4\",\"time\":\"burn 25 us\"")
            .endsWith("\"changes\":[3]},{");
        assertThat(html.substring(html.indexOf("\"figure\":\"bytes"))).contains("\"changes\":[]");
    }

}
