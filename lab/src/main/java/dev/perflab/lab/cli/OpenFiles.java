package dev.perflab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many files this process may open (RLIMIT_NOFILE, soft): wrk, its child, inherits it
 * and needs one per connection.
 */
final class OpenFiles {

    /**
     * When the limit cannot be read (not Linux): none assumed beyond what wrk itself will
     * say.
     */
    static final long UNKNOWN = Long.MAX_VALUE;

    private OpenFiles() {
    }

    static long limit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? UNKNOWN : Long.parseLong(soft);
                }
            }
        }
        catch (IOException | NumberFormatException ex) {
            // not Linux, or a format this does not know
        }
        return UNKNOWN;
    }

}
