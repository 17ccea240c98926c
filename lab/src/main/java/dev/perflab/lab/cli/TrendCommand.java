package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.history.History;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.trend.ChangePoint;
import dev.perflab.lab.trend.Otava;
import dev.perflab.lab.trend.TrendSeries;
import dev.perflab.lab.trend.TrendWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * make trend: the history's series, their change points by Apache Otava, and the commits
 * each change came in between (trend.md, trend.html).
 */
@Command(name = "trend",
        description = "Change points in the history (HISTORY) of ratios measured in the same seconds, found by Apache "
                + "Otava (installed on first use into tools/): trend.md names the commits each change came in between, "
                + "trend.html draws every series.")
public class TrendCommand implements Callable<Integer> {

    @Mixin
    HistoryOption history;

    @Mixin
    PlaceOptions place;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path file = history.file(place.results());
        if (!Files.isRegularFile(file)) {
            throw new LabException("no history at " + file
                    + ": make lab and make compare A_GATEWAY= B_GATEWAY= append to it (HISTORY= names another file)");
        }
        History.Read read = History.read(file);
        read.problems().forEach(problem -> out.println("  skipped " + problem));
        List<TrendSeries> series = TrendSeries.of(read.rows());
        if (series.isEmpty()) {
            throw new LabException(file + " holds no figure measured in the same seconds as its reference ("
                    + read.rows().size() + " rows): nothing to trend");
        }
        long analysed = series.stream().filter(one -> one.points().size() >= Otava.MIN_POINTS).count();
        out.println("Trend: " + series.size() + " series from " + read.rows().size() + " rows of " + file + "; "
                + analysed + " with " + Otava.MIN_POINTS + " or more points go to Apache Otava " + Otava.VERSION);
        out.flush();
        Path python = Otava.ensure(place.root(), out);
        RunFolder folder = RunFolder.create(place.results(), "trend");
        Map<String, List<ChangePoint>> changes = Otava.changePoints(python, series, folder.resolve("otava"));
        TrendWriter.write(folder.dir(), file, read.rows().size(), read.problems(), series, changes);
        folder.finished();
        int found = 0;
        for (TrendSeries one : series) {
            for (ChangePoint point : changes.getOrDefault(one.name(), List.of())) {
                found++;
                out.println(String.format(Locale.ROOT, "  %s: %+.1f %% from %s, after %s", one.name(),
                        point.changePercent(), TrendWriter.shortCommit(point.commit()),
                        TrendWriter.shortCommit(point.commitBefore())));
            }
        }
        out.println(found == 0 ? "No change point: no series moved beyond its own spread."
                : found + " change point" + (found == 1 ? "" : "s") + ".");
        out.println("Trend: " + folder.resolve("trend.md") + " and trend.html");
        out.flush();
        return 0;
    }

}
