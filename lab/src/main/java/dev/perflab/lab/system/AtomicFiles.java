package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/** Files written whole or not at all, for results and scrapes alike. */
public final class AtomicFiles {

    private static final AtomicLong TEMPORARY = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Writes the file whole or not at all: to a temporary file in the same folder (a
     * rename is atomic only within one file system), flushed to the disk, then renamed
     * over the old one. A failure on the way leaves the old file as it was, and removes
     * the temporary one.
     */
    public static void write(Path file, String text) {
        Path temporary = file.resolveSibling(temporaryName(file.getFileName().toString()));
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                // strict: text that UTF-8 cannot encode fails here rather than being
                // written with '?' in it
                ByteBuffer bytes = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(text));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                // on the disk before the rename makes it the file: a machine crash after
                // it must not leave an empty file
                out.force(false);
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
            syncFolder(file.getParent());
        }
        catch (IOException ex) {
            try {
                Files.deleteIfExists(temporary);
            }
            catch (IOException cleanup) {
                ex.addSuppressed(cleanup);
            }
            throw new LabException("cannot write " + file + ": " + LabException.describe(ex), ex);
        }
    }

    /**
     * The folder's entry for the renamed file on the disk too, so that a machine crash
     * after the rename keeps the new file rather than the old one or none. A file system
     * that cannot sync a folder (some refuse to open one) keeps its own order.
     */
    static void syncFolder(Path folder) {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        }
        catch (IOException | UnsupportedOperationException ex) {
            // not every file system lets a folder be opened or synced
        }
    }

    /** A temporary file's name: the file's, the writer's pid, a count. */
    private static final Pattern PARTIAL = Pattern.compile("\\..+\\.(\\d+)\\.\\d+\\.partial");

    /**
     * Removes the temporary files under {@code results} (its folders, two levels down)
     * that a process which is gone left on their way to a name: a kill -9 between the
     * write and the rename. A live writer's are kept.
     * @return how many were removed
     */
    public static int removeStale(Path results) {
        if (!Files.isDirectory(results)) {
            return 0;
        }
        int removed = 0;
        try (Stream<Path> files = Files.walk(results, 3)) {
            for (Path file : files.filter(f -> Files.isRegularFile(f) || Files.isSymbolicLink(f)).toList()) {
                Matcher name = PARTIAL.matcher(file.getFileName().toString());
                if (name.matches() && !alive(Long.parseLong(name.group(1)))) {
                    removed += Files.deleteIfExists(file) ? 1 : 0;
                }
            }
        }
        catch (IOException | UncheckedIOException | NumberFormatException ex) {
            // what cannot be listed or removed now is left for the next run
        }
        return removed;
    }

    /** Whether a process with this pid runs. */
    public static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * A hidden name in the same folder, unique to this process and call, for a file on
     * its way to {@code name}.
     */
    public static String temporaryName(String name) {
        return "." + name + "." + ProcessHandle.current().pid() + "." + TEMPORARY.incrementAndGet() + ".partial";
    }

}
