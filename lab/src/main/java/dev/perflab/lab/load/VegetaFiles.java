package dev.perflab.lab.load;

import java.io.IOException;
import java.net.URI;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.AtomicFiles;
import dev.perflab.lab.system.Commands;

/**
 * The files vegeta's runs read and leave: its target format, a private folder for each
 * run's results, removed after it, the last line of an agent's errors, and its report and
 * encode commands on those results.
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

    /** The start of a results folder's name; the pid of the run that made it follows. */
    static final String PREFIX = "perflab-vegeta-";

    /**
     * A new private folder for one run's results, named with this process's pid; folders
     * a process that is gone left behind (a kill -9 before the delete) are removed first.
     */
    static Path resultsFolder() {
        removeStale(Path.of(System.getProperty("java.io.tmpdir")));
        try {
            return Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
        }
        catch (IOException ex) {
            throw new LabException("cannot create a folder for vegeta's results: " + ex.getMessage(), ex);
        }
    }

    /** Removes the results folders under {@code tmp} whose process is gone. */
    static void removeStale(Path tmp) {
        try (Stream<Path> folders = Files.list(tmp)) {
            for (Path folder : folders.toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith(PREFIX) || !Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                String pid = name.substring(PREFIX.length()).replaceFirst("-.*", "");
                if (pid.matches("\\d{1,18}") && !AtomicFiles.alive(Long.parseLong(pid))) {
                    try {
                        delete(folder);
                    }
                    catch (UncheckedIOException notOurs) {
                        // another user's, or going away: left as it is
                    }
                }
            }
        }
        catch (IOException | UncheckedIOException ex) {
            // a temporary folder that cannot be listed keeps what it holds
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

    /**
     * vegeta's HTTP target format: the request line, then its headers; the header line
     * ("Name: value") as wrk/summary.lua sends it.
     */
    static String target(URI url, String header) {
        return "GET " + url + "\n" + (header == null || header.isEmpty() ? "" : header + "\n") + "\n";
    }

    /**
     * {@code vegeta <command> <options> <files>}: its output, or one line when it fails.
     */
    static String run(Path vegeta, String command, List<String> options, List<String> files) {
        List<String> line = new ArrayList<>(List.of(vegeta.toString(), command));
        line.addAll(options);
        line.addAll(files);
        Commands.Result result = Commands.run(line, null, VegetaGenerator.REPORT_LIMIT);
        if (!result.ok()) {
            throw new LabException("vegeta " + command + " failed: " + (result.exit() == Commands.Result.TIMED_OUT
                    ? "no end within " + VegetaGenerator.REPORT_LIMIT.toSeconds() + " s" : result.lastLine()));
        }
        return result.output();
    }

}
