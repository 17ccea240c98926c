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

}
