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
import java.util.concurrent.atomic.AtomicLong;

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
     * A hidden name in the same folder, unique to this process and call, for a file on
     * its way to {@code name}.
     */
    public static String temporaryName(String name) {
        return "." + name + "." + ProcessHandle.current().pid() + "." + TEMPORARY.incrementAndGet() + ".partial";
    }

}
