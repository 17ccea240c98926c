package dev.perflab.lab.cli;

import dev.perflab.lab.ExitCode;
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
     * Appends a finished run's figures and says so in one line. A history that cannot be
     * appended to is one line too: with HISTORY given (a file the user shares, a CI job's
     * trend) the run then exits 1, since the series it keeps would silently lose this
     * run; without it, results/history.csv is the lab's own and the line is a warning.
     * @return the exit code the history adds: 0, or 1 when HISTORY was given and could
     * not be appended to
     */
    int append(Path runDir, Path results, PrintWriter out) {
        Path file = file(results);
        boolean given = history != null && !history.isBlank();
        String why;
        try {
            List<HistoryRow> rows = History.rowsOf(runDir);
            History.append(file, rows);
            out.println("History: " + rows.size() + " figures appended to " + file);
            out.flush();
            return 0;
        }
        catch (LabException ex) {
            why = ex.getMessage();
        }
        catch (RuntimeException ex) {
            // the run's results are written already: what the history cannot take is
            // one line, never a stack trace
            why = LabException.describe(ex);
        }
        out.println(given ? "History: not appended to HISTORY=" + history.trim() + " (exit 1): " + why
                : "History: warning: not appended: " + why);
        out.flush();
        return given ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }

    /** The run's exit code: its gates' when they failed, else what the history adds. */
    static int exitCode(int gates, int history) {
        return gates != 0 ? gates : history;
    }

}
