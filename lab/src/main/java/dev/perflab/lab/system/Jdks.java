package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JDKs installed beside the one the lab runs on, found by their {@code release} file
 * where the usual installers put them: Debian's and Ubuntu's packages and Temurin's
 * (/usr/lib/jvm), macOS ({@code /Library/Java/JavaVirtualMachines/<name>/Contents/Home},
 * where {@code /usr/libexec/java_home} looks) and SDKMAN
 * ({@code $SDKMAN_DIR/candidates/java}, by default under {@code ~/.sdkman}).
 */
public final class Jdks {

    /** Where Debian, Ubuntu and the Temurin packages put them. */
    public static final Path FOLDER = Path.of("/usr/lib/jvm");

    /** Where macOS installers put them, each home under Contents/Home. */
    static final Path MAC_FOLDER = Path.of("/Library/Java/JavaVirtualMachines");

    private Jdks() {
    }

    /** The folders this machine's JDKs may be in, in the order they are searched. */
    public static List<Path> folders() {
        return folders(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static List<Path> folders(Map<String, String> env, Path userHome) {
        List<Path> folders = new ArrayList<>(List.of(FOLDER, MAC_FOLDER));
        String sdkman = env.get("SDKMAN_DIR");
        folders.add((sdkman == null || sdkman.isBlank() ? userHome.resolve(".sdkman") : Path.of(sdkman))
            .resolve("candidates/java"));
        return folders;
    }

    /** A JDK of this feature version on this machine ({@link #folders()}). */
    public static Optional<Path> find(int feature) {
        return find(folders(), feature);
    }

    /** Where {@link #find(int)} looked, for a line that says it found none. */
    public static String searched() {
        return String.join(", ", folders().stream().map(Path::toString).toList());
    }

    /**
     * A JDK of this feature version (25 for 25.0.3) in the first of {@code folders} that
     * has one, with a bin/java; empty when there is none.
     */
    static Optional<Path> find(List<Path> folders, int feature) {
        for (Path folder : folders) {
            Optional<Path> found = find(folder, feature);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * A JDK of this feature version in {@code folder} (a home directly under it, or
     * macOS's {@code <name>/Contents/Home}), with a bin/java; empty when there is none.
     */
    public static Optional<Path> find(Path folder, int feature) {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted()
                .map(entry -> Files.isDirectory(entry.resolve("Contents/Home")) ? entry.resolve("Contents/Home")
                        : entry)
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
