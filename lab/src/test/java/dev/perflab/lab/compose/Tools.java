package dev.perflab.lab.compose;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.system.Commands;

/**
 * Runs the tools the compose tests use; a missing one skips the test outside CI
 * ({@link OptionalTools}).
 */
public final class Tools {

    public static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private Tools() {
    }

    public static Commands.Result run(List<String> command, Map<String, String> env, long timeoutSeconds) {
        return Commands.run(command, ROOT, env, Duration.ofSeconds(timeoutSeconds));
    }

    public static Commands.Result run(String... command) {
        return run(List.of(command), Map.of(), 300);
    }

    public static boolean works(String... command) {
        return run(command).exit() == 0;
    }

    /** docker compose (v2) or Debian's docker-compose (v1, with --compatibility). */
    static List<String> compose() {
        if (works("docker", "compose", "version")) {
            return List.of("docker", "compose");
        }
        OptionalTools.need(works("docker-compose", "version"),
                "Docker Compose is missing (docker compose or docker-compose; see the README, The compose runtime)");
        return List.of("docker-compose", "--compatibility");
    }

}
