package dev.perflab.lab.run;

import dev.perflab.lab.system.AtomicFiles;
import dev.perflab.lab.system.StopOnExit;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

import dev.perflab.lab.LabException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code results/<timestamp>-<name>/} ({@code -2}, {@code -3}, ... after it for runs
 * started in the same second), with {@code results/latest} pointing at the newest run
 * that has finished. Nothing written here is lost half-way: every file is written to a
 * temporary file beside it and renamed over the old one, so a kill, an OOM or a full disk
 * during a write leaves the previous version whole; {@code latest} is swapped by a rename
 * too, so it is never missing.
 * <p>
 * {@code latest} moves only when a run has gone through to its end and written its report
 * ({@link #finished}), failed rungs included (its report marks them): make report and
 * make charts on {@code latest} never read a run that is still being written. A run
 * stopped part-way (a failure that ends it, Ctrl-C, SIGTERM, kill -9) keeps its folder,
 * which it printed as "Results:" when it started and names again in its last line, and
 * {@code latest} stays on the run before it.
 */
public final class RunFolder {

    public static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /**
     * Temporary names unique within this process; the pid keeps them apart from another
     * run's.
     */

    private final Path dir;

    private RunFolder(Path dir) {
        this.dir = dir;
    }

    public static RunFolder create(Path results, String name) {
        String base = STAMP.format(LocalDateTime.now()) + "-" + name;
        Path dir = results.resolve(base);
        try {
            Files.createDirectories(results);
            AtomicFiles.removeStale(results);
            dir = createUnique(results, base);
        }
        catch (IOException ex) {
            throw new LabException("cannot create the results folder " + dir + ": " + LabException.describe(ex), ex);
        }
        return new RunFolder(dir);
    }

    /**
     * The first free one of base, base-2, base-3, ...: createDirectory fails when the
     * folder exists, so two runs never share one.
     */
    private static Path createUnique(Path results, String base) throws IOException {
        for (int n = 1;; n++) {
            try {
                return Files.createDirectory(results.resolve(n == 1 ? base : base + "-" + n));
            }
            catch (FileAlreadyExistsException taken) {
                if (n == 10_000) {
                    throw taken;
                }
            }
        }
    }

    /**
     * A new link under a temporary name, renamed over {@code latest}: rename replaces it
     * in one step, where delete-then-create leaves a moment without it.
     */
    private static void pointLatestAt(Path results, Path dir) throws IOException {
        Path temporary = results.resolve(temporaryName("latest"));
        Files.createSymbolicLink(temporary, dir.getFileName());
        try {
            Files.move(temporary, results.resolve("latest"), StandardCopyOption.ATOMIC_MOVE);
        }
        catch (IOException ex) {
            Files.deleteIfExists(temporary);
            throw ex;
        }
    }

    /**
     * The run has gone through to its end and written its report: {@code latest} points
     * at it now. Not when the JVM is exiting (Ctrl-C, SIGTERM): an interrupted run keeps
     * {@code latest} where it was.
     */
    public void finished() {
        if (StopOnExit.exiting()) {
            return;
        }
        try {
            pointLatestAt(dir.getParent(), dir);
        }
        catch (IOException ex) {
            throw new LabException("the run has finished, but " + dir.resolveSibling("latest") + " cannot point at it: "
                    + LabException.describe(ex) + " (its results: " + dir + ")", ex);
        }
    }

    private static String temporaryName(String name) {
        return AtomicFiles.temporaryName(name);
    }

    /**
     * A folder a run of make lab, baseline or gateway-test wrote; otherwise one line
     * saying what the folder is (a paired run, a run that did not finish) and the newest
     * folder beside it that would do.
     */
    public static RunFolder existing(Path dir) {
        if (Files.isRegularFile(dir.resolve("summary.json"))) {
            return new RunFolder(dir);
        }
        String what = Files.isRegularFile(dir.resolve("pair.json"))
                ? "a paired make compare, whose report is its compare.md, written as it ran"
                : Files.isRegularFile(dir.resolve("lab.json"))
                        ? "a make lab PAIRED=yes, whose report is its report.md, written as it ran"
                        : Files.isRegularFile(dir.resolve("ladder.json"))
                                ? "a make pair-ladder, whose report is its ladder.md, written as it ran"
                                : Files.isRegularFile(dir.resolve("run.json"))
                                        ? "a run that did not finish (stopped, or killed)" : "no results folder";
        String instead = newestFinished(dir.toAbsolutePath().normalize().getParent())
            .map(other -> "; the newest that has one is " + other)
            .orElse("");
        throw new LabException(
                dir + " holds no summary.json: it is " + what + instead + " (pass a folder as RUN=results/<folder>)");
    }

    /** The newest folder under {@code results} that holds a summary.json. */
    static java.util.Optional<Path> newestFinished(Path results) {
        if (results == null || !Files.isDirectory(results)) {
            return java.util.Optional.empty();
        }
        try (java.util.stream.Stream<Path> folders = Files.list(results)) {
            return folders.filter(Files::isDirectory)
                .filter(folder -> !Files.isSymbolicLink(folder))
                .filter(folder -> Files.isRegularFile(folder.resolve("summary.json")))
                .max(java.util.Comparator.comparing(folder -> folder.getFileName().toString()));
        }
        catch (IOException ex) {
            return java.util.Optional.empty();
        }
    }

    public Path dir() {
        return dir;
    }

    public Path resolve(String name) {
        return dir.resolve(name);
    }

    public void writeText(String name, String text) {
        write(dir.resolve(name), text);
    }

    /** Writes the file whole or not at all: see {@link AtomicFiles#write}. */
    public static void write(Path file, String text) {
        AtomicFiles.write(file, text);
    }

    public void writeJson(String name, Object value) {
        writeText(name, JSON.writeValueAsString(value) + "\n");
    }

    /** Records why the run stopped; what was measured before stays next to it. */
    /**
     * Why the run stopped, into error.txt, unless the JVM is exiting: then the exit
     * hook's {@link #interrupted} is the reason, and a failure the exit caused (a process
     * its stop ended: "side A ended") must not replace it. Never throws: on a full disk
     * the failure that is being reported stays the one the user sees.
     * @return whether error.txt was written
     */
    public boolean error(String message) {
        if (StopOnExit.exiting()) {
            return false;
        }
        return tryWrite("error.txt", message);
    }

    /**
     * A failure that ends the run: its reason into error.txt, then what the run measured
     * so far ({@code soFar}); a write that fails too (a full disk) is attached to
     * {@code ex} rather than thrown over it, so the failure reported stays the first.
     * @return {@code ex}
     */
    public <T extends RuntimeException> T failed(T ex, String reason, Runnable soFar) {
        error(reason);
        try {
            soFar.run();
        }
        catch (RuntimeException notWritten) {
            ex.addSuppressed(notWritten);
        }
        return ex;
    }

    /** The exit hook's reason (Ctrl-C, SIGTERM), into error.txt; never throws. */
    public boolean interrupted(String message) {
        return tryWrite("error.txt", message);
    }

    private boolean tryWrite(String name, String message) {
        try {
            writeText(name, message + "\n");
            return true;
        }
        catch (RuntimeException notWritten) {
            return false;
        }
    }

}
