package dev.perflab.lab.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/**
 * The files vegeta's runs leave: a private folder for each run's results, removed after
 * it, and the last line of an agent's errors.
 */
final class VegetaFiles {

    private VegetaFiles() {
    }

    /** The last line of a file, or "(no output)". */
    static String lastLine(Path file) {
        try {
            return Files.readString(file).strip().lines().reduce((a, b) -> b).orElse("(no output)");
        }
        catch (IOException ex) {
            return "(no output)";
        }
    }

    static Path resultsFolder() {
        try {
            return Files.createTempDirectory("perflab-vegeta");
        }
        catch (IOException ex) {
            throw new LabException("cannot create a folder for vegeta's results: " + ex.getMessage(), ex);
        }
    }

    static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

}
