package dev.perflab.lab.compose;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.system.Commands;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Runs the tools the compose tests use; where one is missing, the test is skipped, or fails when CI asked for Docker. */
public final class Tools {

    public static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    /** Set by .ci/run, which installs Docker and starts its engine: then nothing may be skipped for want of it. */
    static final boolean REQUIRED = "1".equals(System.getenv("PERFLAB_REQUIRE_DOCKER"));

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

    /** Skips the test when a tool is missing, unless CI requires it. */
    public static void need(boolean present, String what) {
        if (REQUIRED && !present) {
            fail(what + " is missing, and PERFLAB_REQUIRE_DOCKER=1 says CI installed it");
        }
        assumeTrue(present, what + " is missing (.ci/run installs it)");
    }

    /** docker compose (v2) or Debian's docker-compose (v1, with --compatibility). */
    static List<String> compose() {
        if (works("docker", "compose", "version")) {
            return List.of("docker", "compose");
        }
        need(works("docker-compose", "version"), "Docker Compose (docker compose or docker-compose)");
        return List.of("docker-compose", "--compatibility");
    }
}
