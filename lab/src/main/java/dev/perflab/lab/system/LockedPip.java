package dev.perflab.lab.system;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.perflab.lab.LabException;

/**
 * pip installs into a virtual environment from a lock file that is a resource of the
 * lab's jar: every distribution pinned by version and by the sha256 of its files
 * ({@code --require-hashes}: a file whose hash is not listed is refused, and so is a
 * dependency the lock does not pin), wheels only ({@code --only-binary=:all:}: no
 * package's build script runs at install time).
 */
public final class LockedPip {

    private LockedPip() {
    }

    /** pip's command for {@code lock}, with {@code extra} options before it. */
    public static List<String> command(Path venv, Path lock, String... extra) {
        List<String> command = new ArrayList<>(List.of(venv.resolve("bin").resolve("python").toString(), "-m", "pip",
                "install", "--quiet", "--disable-pip-version-check", "--require-hashes", "--only-binary=:all:"));
        command.addAll(List.of(extra));
        command.addAll(List.of("-r", lock.toString()));
        return command;
    }

    /**
     * Copies the lock {@code resource} into {@code venv} and installs it; one line naming
     * {@code what} when pip fails.
     */
    public static void install(Path venv, String resource, Duration limit, String what, String... extra) {
        Path lock = venv.resolve(Path.of(resource).getFileName());
        try (InputStream in = LockedPip.class.getResourceAsStream("/" + resource)) {
            Files.copy(Objects.requireNonNull(in, resource), lock, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + lock + ": " + LabException.describe(ex), ex);
        }
        Commands.require(command(venv, lock, extra), Map.of(), limit, what);
    }

}
