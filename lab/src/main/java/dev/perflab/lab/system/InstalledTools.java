package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import java.io.File;

/**
 * Whether an optional tool is on the PATH, and why not: lab/setup.sh, which make runs
 * first, leaves the one line it printed for a tool it could not install in
 * lab/target/setup/TOOL.
 */
public final class InstalledTools {

    private InstalledTools() {
    }

    public static boolean installed(String command) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of(path.split(File.pathSeparator))
            .filter(dir -> !dir.isEmpty())
            .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    /**
     * Empty when {@code tool} is installed; otherwise the setup step's line for it, or
     * how to run that step.
     */
    public static Optional<String> missing(Path root, String tool) {
        if (installed(tool)) {
            return Optional.empty();
        }
        try {
            String line = Files.readString(root.resolve("lab/target/setup").resolve(tool)).strip();
            if (!line.isEmpty()) {
                return Optional.of(line);
            }
        }
        catch (IOException ex) {
            // no line from the setup step: it did not run (SETUP=no, or not started
            // through make)
        }
        return Optional.of(tool + " is not installed (make runs lab/setup.sh, which installs it; or: bash lab/setup.sh "
                + tool + ")");
    }

}
