package dev.perflab.lab.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/**
 * Where a command works: the repository root and the results folder, declared once for
 * every command that has them.
 */
public class PlaceOptions {

    @Option(names = "--root", defaultValue = "${sys:lab.root:-.}",
            description = "Repository root, where the app jars are built and tools/ is (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--results", defaultValue = "results",
            description = "Folder for results and logs (default: ${DEFAULT-VALUE}).")
    Path results;

    /** The root as given (relative to the working folder). */
    public Path root() {
        return root;
    }

    /** The root, absolute. */
    public Path repository() {
        return root.toAbsolutePath().normalize();
    }

    public Path results() {
        return results;
    }

}
