package dev.perflab.lab.system;

import java.nio.file.Path;

/**
 * The three apps of the system under test, with the loopback ports the local runtime
 * gives them.
 */
public enum Service {

    BUSINESS("business-service", 38072), AUTH("auth-service", 38073), GATEWAY("gateway", 38071);

    private final String id;

    private final int defaultPort;

    Service(String id, int defaultPort) {
        this.id = id;
        this.defaultPort = defaultPort;
    }

    public String id() {
        return id;
    }

    public int defaultPort() {
        return defaultPort;
    }

    /** The executable jar {@code ./mvnw package} builds, under the repository root. */
    public Path jar(Path root) {
        return root.resolve(id).resolve("target").resolve(id + ".jar");
    }

    @Override
    public String toString() {
        return id;
    }

}
