package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The lab's own Spring Boot apps start from their extracted form with a class-data
 * archive of their own start (the JDK's dynamic AppCDS archive, JDK 13+; Spring Boot
 * 3.3+'s {@code -Djarmode=tools extract}), as Spring Boot's reference advises for
 * efficient deployments. Measured on this 2-core VM (2026-11-29, other builds running):
 * the gateway answered after 4.3 to 5.0 s from its archive against 8.8 to 12.6 s as a fat
 * jar (C1 only, as the tests run it), and 9.4 to 12.0 s against 16.7 to 27.4 s with the
 * full JIT. Only class loading changes: the same bytecode runs and the same JIT compiles
 * it, so a window measured after the warm-up reads the same work.
 * <p>
 * Prepared once per jar and JDK, beside the jar ({@code target/cds/<app>/}, and
 * {@code target/cds/<app>-<jdk>/} for another JDK than the lab's): the jar extracted,
 * then one start of it that exits when its context is refreshed
 * ({@code -Dspring.context.exit=onRefresh}, before any port is bound) and writes the
 * archive of the classes it loaded. Prepared again when the jar or the JDK changes. Where
 * either step fails the jar starts as it is, and the reason stays in {@code failed.txt}
 * until the jar or JDK changes. JVM options that choose their own class sharing
 * ({@code -Xshare:off}, an archive of their own) start the jar as it is.
 */
public final class ClassDataArchive {

    /** The longest the extraction or the archive's training start may take. */
    static final Duration LIMIT = Duration.ofMinutes(3);

    private static final String ARCHIVE = "app.jsa";

    private ClassDataArchive() {
    }

    /**
     * What follows the JVM options on the command line that starts {@code jar} with
     * {@code java}: {@code -XX:SharedArchiveFile=… -jar <extracted jar>}, or
     * {@code -jar <jar>} where no archive can be made.
     */
    public static List<String> jarArguments(Path jar, Path java, List<String> jvmOptions) {
        if (choosesItsOwnSharing(jvmOptions)) {
            return List.of("-jar", jar.toString());
        }
        return prepared(jar, java).map(
                dir -> List.of("-XX:SharedArchiveFile=" + dir.resolve(ARCHIVE), "-jar", extracted(dir, jar).toString()))
            .orElseGet(() -> List.of("-jar", jar.toString()));
    }

    static boolean choosesItsOwnSharing(List<String> jvmOptions) {
        return jvmOptions.stream()
            .anyMatch(option -> option.startsWith("-Xshare:") || option.contains("SharedArchiveFile")
                    || option.contains("ArchiveClassesAtExit") || option.contains("AutoCreateSharedArchive"));
    }

    /**
     * The folder that holds the jar's extracted form and its archive, if both are made.
     */
    static Optional<Path> prepared(Path jar, Path java) {
        Path dir = folder(jar, java);
        try {
            Files.createDirectories(dir.getParent());
            try (FileChannel channel = FileChannel.open(dir.resolveSibling(dir.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                String stamp = stamp(jar, java);
                Path stampFile = dir.resolve("stamp.txt");
                if (!Files.isRegularFile(stampFile) || !Files.readString(stampFile).equals(stamp)) {
                    prepare(dir, jar, java);
                    Files.writeString(stampFile, stamp);
                }
                return Files.isRegularFile(dir.resolve(ARCHIVE)) ? Optional.of(dir) : Optional.empty();
            }
        }
        catch (IOException | RuntimeException ex) {
            // a read-only tree, a full disk: the jar starts as it is
            return Optional.empty();
        }
    }

    /**
     * {@code cds/<app>} for the JDK the lab runs on, {@code cds/<app>-<jdk>} for another
     * (JAVA=, a test's JDK 21): each keeps its own archive, as a JDK reads only its own.
     */
    static Path folder(Path jar, Path java) {
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        Path home = java.toAbsolutePath().normalize().getParent().getParent();
        if (!home.equals(Path.of(System.getProperty("java.home")).toAbsolutePath().normalize())) {
            name += "-" + home.getFileName();
        }
        return jar.toAbsolutePath().getParent().resolve("cds").resolve(name);
    }

    private static Path extracted(Path dir, Path jar) {
        return dir.resolve("app").resolve(jar.getFileName());
    }

    /** The jar's size and time, the JDK's path and time: what the archive holds to. */
    static String stamp(Path jar, Path java) throws IOException {
        Path realJava = java.toRealPath();
        return Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis() + " " + realJava + " "
                + Files.getLastModifiedTime(realJava).toMillis() + "\n";
    }

    /**
     * Extracts the jar into {@code dir/app} and trains the archive there: the archive
     * names the extracted jars by path, so it is made where it is used.
     */
    private static void prepare(Path dir, Path jar, Path java) throws IOException {
        deleteTree(dir);
        Files.createDirectories(dir);
        Commands.Result extract = Commands.run(List.of(java.toString(), "-Djarmode=tools", "-jar", jar.toString(),
                "extract", "--destination", dir.resolve("app").toString()), dir, LIMIT);
        if (!extract.ok()) {
            fail(dir, "extracting " + jar + " failed: " + extract.lastLine());
            return;
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Commands.Result train = Commands.run(
                List.of(java.toString(), "-XX:ArchiveClassesAtExit=" + dir.resolve(ARCHIVE),
                        "-Dspring.context.exit=onRefresh", "-jar", extracted(dir, jar).toString()),
                dir, Map.of("LAB_LOG_DIR", logs.toString(), "SERVER_ADDRESS", "127.0.0.1", ServiceLauncher.PARENT_PID,
                        Long.toString(ProcessHandle.current().pid())),
                LIMIT);
        if (!train.ok() || !Files.isRegularFile(dir.resolve(ARCHIVE))) {
            Files.deleteIfExists(dir.resolve(ARCHIVE));
            fail(dir, "the archive's training start of " + jar + " failed (exit " + train.exit() + "): "
                    + train.lastLine());
        }
    }

    private static void fail(Path dir, String reason) throws IOException {
        Files.writeString(dir.resolve("failed.txt"), reason + "\n", StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

}
