package dev.perflab.lab.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import dev.perflab.lab.LabException;

/**
 * The JVM a profiler attaches to: its pid as this machine sees it, the JDK whose tools
 * attach to it, and where its files are. A local JVM shares this file system. A JVM in a
 * container has its own, seen from the host under {@code /proc/<pid>/root}: the
 * profiler's library is copied in there, and what the JVM writes is fetched back. The
 * JDK's attach mechanism finds a container's JVM by itself.
 */
public record ProfiledProcess(long pid, Path javaHome, Path root) {

    /** Where a container's JVM writes the profiler's files, as it names the folder. */
    static final String CONTAINER_DIR = "/tmp/perflab-profile";

    public static ProfiledProcess local(long pid, Path javaHome) {
        return new ProfiledProcess(pid, javaHome, Path.of("/"));
    }

    /** A JVM in a container, attached to with this lab's own JDK. */
    public static ProfiledProcess container(long pid, Path javaHome) {
        return new ProfiledProcess(pid, javaHome, Path.of("/proc", Long.toString(pid), "root"));
    }

    boolean isLocal() {
        return root.equals(Path.of("/"));
    }

    /**
     * The folder the JVM writes into, as the JVM names it: the run folder itself locally.
     */
    String dir(Path runDir) {
        return isLocal() ? runDir.toAbsolutePath().toString() : CONTAINER_DIR;
    }

    /** A path the JVM names, as this machine sees it. */
    Path hostView(String jvmPath) {
        return isLocal() ? Path.of(jvmPath) : root.resolve(jvmPath.substring(1));
    }

    /** Makes sure the folder the JVM writes into exists. */
    void prepare() {
        if (!isLocal()) {
            try {
                Files.createDirectories(hostView(CONTAINER_DIR));
            }
            catch (IOException ex) {
                throw new LabException(
                        "cannot create " + CONTAINER_DIR + " in the gateway's container: " + ex.getMessage(), ex);
            }
        }
    }

    /** Puts a file where the JVM can open it; returns the name the JVM knows it by. */
    String place(Path file, Path runDir) {
        if (isLocal()) {
            return file.toAbsolutePath().toString();
        }
        String jvmPath = CONTAINER_DIR + "/" + file.getFileName();
        prepare();
        try {
            Files.copy(file, hostView(jvmPath), StandardCopyOption.REPLACE_EXISTING);
        }
        catch (IOException ex) {
            throw new LabException(
                    "cannot copy " + file.getFileName() + " into the gateway's container (" + hostView(jvmPath) + "): "
                            + ex.getMessage() + "; profiling a container needs root or the container's user",
                    ex);
        }
        return jvmPath;
    }

    /**
     * Copies a file the JVM wrote into the run folder (nothing to do locally, where it
     * wrote there directly).
     */
    void fetch(String jvmPath, Path destination) {
        if (isLocal()) {
            return;
        }
        try {
            Files.copy(hostView(jvmPath), destination, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (IOException ex) {
            throw new LabException("cannot fetch " + jvmPath + " from the gateway's container: " + ex.getMessage(), ex);
        }
    }
}
