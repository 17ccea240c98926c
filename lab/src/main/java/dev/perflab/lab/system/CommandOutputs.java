package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/**
 * The files that hold a command's output while {@link Commands#run} waits for it: in this
 * user's private lab folder ({@link PidFiles#children()}), each named by the lab process
 * that made it and that process's start time. The run removes its own when the command
 * ends; what a killed run left, the next run's {@link PidFiles#stopLeftovers} removes.
 */
final class CommandOutputs {

    private static final String PREFIX = "command-";

    /** command-PID-STARTMILLIS-RANDOM.out */
    private static final Pattern NAME = Pattern.compile(PREFIX + "(\\d+)-(-?\\d+)-\\d+\\.out");

    private CommandOutputs() {
    }

    /**
     * A new, empty output file; in the shared temporary folder as before when the private
     * folder cannot be used (PidFiles names that problem where it matters).
     */
    static Path create() throws IOException {
        ProcessHandle self = ProcessHandle.current();
        Path folder;
        try {
            folder = PidFiles.children().privateFolder();
        }
        catch (LabException notPrivate) {
            return Files.createTempFile("perflab-command", ".out");
        }
        long started = self.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
        return Files.createTempFile(folder, PREFIX + self.pid() + "-" + started + "-", ".out");
    }

    static void delete(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        }
        catch (IOException ignored) {
            // the next run's stopLeftovers removes it
        }
    }

    /** Removes the output files in {@code folder} of lab processes that ended. */
    static void removeLeftovers(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                Matcher name = NAME.matcher(file.getFileName().toString());
                if (name.matches() && !PidFiles.alive(Long.parseLong(name.group(1)), Long.parseLong(name.group(2)))) {
                    delete(file);
                }
            }
        }
        catch (IOException ex) {
            // no folder yet: nothing left
        }
    }

}
