package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.perflab.lab.LabException;

/**
 * One run at a time per user of the machine: a run holds an operating-system lock on
 * {@link PidFiles#lockFile()} while it starts apps and load, and writes into the file its
 * pid and what it is doing, so that a second run ends at once with one line naming the
 * first (its pid and results folder) instead of colliding with it on the lab's ports, its
 * pid files or a compose stack. The lock dies with the process that holds it, kill -9
 * included, so a dead run never blocks the next. Within one JVM the lock is re-entrant (a
 * paired ladder runs its pairs through the same code as one compare).
 */
public final class RunLock implements AutoCloseable {

    private static final Object GUARD = new Object();

    private static FileChannel channel;

    private static FileLock lock;

    private static int holders;

    private boolean closed;

    private RunLock() {
    }

    /**
     * Takes the lock of this user's runs, or ends with one line naming the run that holds
     * it.
     */
    public static RunLock acquire(String what) {
        return acquire(PidFiles.children().lockFile(), what);
    }

    /**
     * @param what what this run is doing, for the line another run prints (for example
     * "make lab, results/20261125-031053-lab")
     */
    public static RunLock acquire(Path file, String what) {
        synchronized (GUARD) {
            if (holders == 0) {
                FileChannel opened = open(file);
                FileLock taken;
                try {
                    taken = opened.tryLock();
                }
                catch (IOException | OverlappingFileLockException ex) {
                    taken = null;
                }
                if (taken == null) {
                    String holder = read(opened);
                    close(opened);
                    throw new LabException("another lab run is running" + (holder.isBlank() ? "" : " (" + holder + ")")
                            + ": two runs would share the lab's ports and processes; wait for it to end or stop it");
                }
                channel = opened;
                lock = taken;
                write(what);
            }
            holders++;
            return new RunLock();
        }
    }

    /** Says what this run is doing now (its results folder, once it has one). */
    public void describe(String what) {
        synchronized (GUARD) {
            if (!closed) {
                write(what);
            }
        }
    }

    @Override
    public void close() {
        synchronized (GUARD) {
            if (closed) {
                return;
            }
            closed = true;
            if (--holders == 0) {
                try {
                    channel.truncate(0);
                    lock.release();
                }
                catch (IOException ex) {
                    // closing the channel below releases the lock as well
                }
                close(channel);
                channel = null;
                lock = null;
            }
        }
    }

    private static FileChannel open(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        }
        catch (IOException ex) {
            throw new LabException("cannot open the run lock " + file + ": " + ex, ex);
        }
    }

    private static void write(String what) {
        byte[] text = ("pid " + ProcessHandle.current().pid() + ", " + what).getBytes(StandardCharsets.UTF_8);
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(text), 0);
            channel.force(false);
        }
        catch (IOException ex) {
            throw new LabException("cannot write the run lock: " + ex, ex);
        }
    }

    private static String read(FileChannel opened) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(4096);
            opened.read(buffer, 0);
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
        }
        catch (IOException ex) {
            return "";
        }
    }

    private static void close(FileChannel opened) {
        try {
            opened.close();
        }
        catch (IOException ex) {
            // nothing held
        }
    }

}
