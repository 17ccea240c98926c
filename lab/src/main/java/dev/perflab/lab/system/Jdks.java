package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JDKs installed beside the one the lab runs on, found by their {@code release} file.
 */
public final class Jdks {

    /** Where Debian, Ubuntu and the Temurin packages put them. */
    public static final Path FOLDER = Path.of("/usr/lib/jvm");

    private Jdks() {
    }

    /**
     * A JDK of this feature version (25 for 25.0.3) in {@code folder}, with a bin/java;
     * empty when there is none.
     */
    public static Optional<Path> find(Path folder, int feature) {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(folder)) {
            return homes.sorted()
                .filter(home -> Files.isExecutable(home.resolve("bin/java")) && feature(home) == feature)
                .findFirst();
        }
        catch (IOException ex) {
            return Optional.empty();
        }
    }

    /** The feature version its release file names, or 0. */
    static int feature(Path home) {
        try {
            List<String> release = Files.readAllLines(home.resolve("release"));
            for (String line : release) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "").trim();
                    String first = version.split("[.+-]")[0];
                    return Integer
                        .parseInt(first.startsWith("1") && version.startsWith("1.") ? version.split("\\.")[1] : first);
                }
            }
        }
        catch (IOException | RuntimeException ex) {
            // no release file, or one this does not read
        }
        return 0;
    }

}
