package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import dev.perflab.lab.LabException;

/**
 * The folder that keeps make trend COMMITS='s jars: what a build writes into it is named
 * by the process that writes it, so two builds never share a file, and a jar is checked
 * before it enters the folder and whenever it is taken from it. What a stopped build left
 * (its worktree, its part file) is removed by the next build.
 */
final class JarCache {

    private static final Pattern PART = Pattern.compile(".*\\.jar(?:\\.(\\d+))?\\.part");

    private static final Pattern WORKTREE = Pattern.compile("worktree-[0-9a-f]+(?:-(\\d+))?");

    private JarCache() {
    }

    /** Where this process builds {@code commit}: a worktree no other process uses. */
    static Path worktree(Path cache, String shortCommit) {
        return cache.resolve("worktree-" + shortCommit + "-" + ProcessHandle.current().pid());
    }

    /** Where this process copies a jar before it is renamed into the cache. */
    static Path part(Path jar) {
        return jar.resolveSibling(jar.getFileName() + "." + ProcessHandle.current().pid() + ".part");
    }

    /**
     * Why {@code jar} is no gateway jar the lab can start: not a whole zip (a build or a
     * copy cut short), no manifest, no Main-Class, or the Main-Class's entry missing or
     * unreadable; null when it is one.
     */
    static String damage(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (main == null || main.isBlank()) {
                return manifest == null ? "it has no manifest" : "its manifest names no Main-Class";
            }
            ZipEntry entry = file.getEntry(main.strip().replace('.', '/') + ".class");
            if (entry == null) {
                return "it holds no " + main.strip() + ", its Main-Class";
            }
            try (InputStream in = file.getInputStream(entry)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return null;
        }
        catch (IOException | SecurityException ex) {
            return "it is not a whole jar (" + LabException.describe(ex) + ")";
        }
    }

    /**
     * Removes what builds that are no longer running left in {@code cache}: their
     * worktrees (folder and registration in {@code repo}, even one git locked while it
     * was being added) and part files. A build's files are named by its process, so one
     * that is running (another user's, on a shared results folder) is left alone.
     * @return the names of what was removed
     */
    static List<String> removeLeftovers(Path repo, Path cache) {
        Set<Path> worktrees = new LinkedHashSet<>();
        List<Path> parts = new ArrayList<>();
        try (Stream<Path> files = Files.list(cache)) {
            files.forEach(file -> {
                String name = file.getFileName().toString();
                if (leftover(WORKTREE.matcher(name))) {
                    worktrees.add(file);
                }
                else if (leftover(PART.matcher(name))) {
                    parts.add(file);
                }
            });
        }
        catch (IOException ex) {
            throw new LabException("cannot list " + cache + ": " + LabException.describe(ex), ex);
        }
        Path real = realPath(cache);
        CommitJars.git(repo, "worktree", "list", "--porcelain")
            .output()
            .lines()
            .filter(line -> line.startsWith("worktree "))
            .map(line -> Path.of(line.substring("worktree ".length())))
            .filter(tree -> (cache.equals(tree.getParent()) || real.equals(tree.getParent()))
                    && leftover(WORKTREE.matcher(tree.getFileName().toString())))
            .map(tree -> cache.resolve(tree.getFileName()))
            .forEach(worktrees::add);
        List<String> removed = new ArrayList<>();
        for (Path tree : worktrees) {
            CommitJars.git(repo, "worktree", "unlock", tree.toString());
            deleteTree(tree);
            removed.add(tree.getFileName().toString());
        }
        for (Path part : parts) {
            deleteTree(part);
            removed.add(part.getFileName().toString());
        }
        // a registration whose folder is gone (and which is no longer locked) goes here
        CommitJars.git(repo, "worktree", "prune");
        return removed;
    }

    /**
     * A name of this cache whose process (named in it, or none: an older lab's) is gone.
     */
    private static boolean leftover(Matcher name) {
        if (!name.matches()) {
            return false;
        }
        if (name.group(1) == null) {
            return true;
        }
        long pid;
        try {
            pid = Long.parseLong(name.group(1));
        }
        catch (NumberFormatException ex) {
            return true;
        }
        // this process builds under the run lock, one jar at a time: its own are
        // left over from a build that failed to clean up
        return pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static Path realPath(Path folder) {
        try {
            return folder.toRealPath();
        }
        catch (IOException ex) {
            return folder;
        }
    }

    static void deleteTree(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot remove " + path + ": " + LabException.describe(ex), ex);
        }
    }

}
