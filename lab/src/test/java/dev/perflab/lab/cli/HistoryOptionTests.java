package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A history the run cannot append to: with HISTORY= given the run exits 1 (a shared
 * series must not lose a run without anyone noticing), without it one warning line and
 * the run's own exit code.
 */
class HistoryOptionTests {

    @TempDir
    Path dir;

    @Test
    void aGivenHistoryThatCannotBeAppendedToFailsTheRunAndTheDefaultOneWarns() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("run.json"), "{\"started\":\"2026-11-27T06:00:00Z\",\"git_commit\":\"abc\"}");
        Files.writeString(run.resolve("pair.json"), "{\"a\":{\"gateway\":\"reactive\"},\"b\":{\"gateway\":\"lean\"},"
                + "\"verdicts\":{\"cpu_ms_per_request\":{\"ratio\":0.9,\"low\":0.85,\"high\":0.95}}}");
        // a folder where the file should be: nobody can append to it, root included
        Path folder = Files.createDirectories(dir.resolve("shared.csv"));

        HistoryOption given = new HistoryOption();
        given.history = folder.toString();
        StringWriter out = new StringWriter();
        int exit = HistoryOption.exitCode(0, given.append(run, dir, new PrintWriter(out, true)));
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString().strip()).hasLineCount(1)
            .startsWith("History: not appended to HISTORY=" + folder + " (exit 1): cannot append to " + folder);
        assertThat(HistoryOption.exitCode(3, 1)).as("a broken gate's 3 stays").isEqualTo(3);

        HistoryOption byDefault = new HistoryOption();
        byDefault.history = "";
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.createDirectories(results.resolve("history.csv"));
        StringWriter warned = new StringWriter();
        assertThat(HistoryOption.exitCode(0, byDefault.append(run, results, new PrintWriter(warned, true)))).isZero();
        assertThat(warned.toString().strip()).hasLineCount(1).startsWith("History: warning: not appended: ");

        Files.delete(results.resolve("history.csv"));
        StringWriter appended = new StringWriter();
        assertThat(byDefault.append(run, results, new PrintWriter(appended, true))).isZero();
        assertThat(appended.toString()).startsWith("History: 1 figures appended to ");
    }

}
