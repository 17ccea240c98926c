package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.history.History;
import dev.perflab.lab.history.HistoryRow;
import picocli.CommandLine.Option;

/**
 * HISTORY: the file a finished paired run appends its figures to (results/history.csv
 * unless given).
 */
public class HistoryOption {

    @Option(names = "--history", defaultValue = "${env:HISTORY:-}", paramLabel = "FILE",
            description = "The history file a finished run appends its figures to, one row each, for a trend "
                    + "across runs and commits (default: history.csv in the results folder; several clones or CI "
                    + "jobs may share one).")
    String history;

    /** The history file: HISTORY, else history.csv in {@code results}. */
    Path file(Path results) {
        return history == null || history.isBlank() ? results.resolve(History.DEFAULT_NAME) : Path.of(history.trim());
    }

    /**
     * Appends a finished run's figures and says so in one line; a history that cannot be
     * written is one line too, and the run's exit code stays what its gates made it.
     */
    void append(Path runDir, Path results, PrintWriter out) {
        Path file = file(results);
        try {
            List<HistoryRow> rows = History.rowsOf(runDir);
            History.append(file, rows);
            out.println("History: " + rows.size() + " figures appended to " + file);
        }
        catch (LabException ex) {
            out.println("History: not appended: " + ex.getMessage());
        }
        catch (RuntimeException ex) {
            // the run's results are written already: a figure the history cannot take
            // is one line, not a failed run
            out.println("History: not appended: " + LabException.describe(ex));
        }
        out.flush();
    }

}
