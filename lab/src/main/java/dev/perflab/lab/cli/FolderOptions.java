package dev.perflab.lab.cli;

import java.nio.file.Path;

import dev.perflab.lab.LabException;
import picocli.CommandLine.Option;

/**
 * The folders of the commands that read a finished run: declared once each, for make
 * report, charts and compare A= B=.
 */
final class FolderOptions {

    private FolderOptions() {
    }

    /** RUN: the results folder a command reads (make report, make charts). */
    static class RunFolderOption {

        @Option(names = "--run", required = true, description = "A results folder, e.g. results/latest.")
        Path run;

    }

    /** OUT: where a command that reads finished runs writes. */
    static class OutOption {

        @Option(names = "--out",
                description = "Folder to write into: make charts its PNG files, e.g. docs/images; make compare A= B= its "
                        + "compare.md and compare.html (default there: B's folder).")
        Path out;

        /** OUT, or one line when the command cannot do without it. */
        Path required(String why) {
            if (out == null) {
                throw new LabException("--out is missing: " + why);
            }
            return out;
        }

    }

}
