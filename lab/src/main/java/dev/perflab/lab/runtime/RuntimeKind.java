package dev.perflab.lab.runtime;

import java.util.Arrays;

import dev.perflab.lab.LabException;

/** Where the system under test runs: RUNTIME, parsed once. */
public enum RuntimeKind {

    /** JVM processes the lab starts on this machine. */
    LOCAL("local"),
    /** Containers the lab starts with Docker Compose. */
    COMPOSE("compose"),
    /** A system the lab did not start, at the REMOTE file's addresses. */
    REMOTE("remote"),
    /** A remote system, after kubectl apply -k of each rung's overlay. */
    KUBERNETES("kubernetes");

    private final String id;

    RuntimeKind(String id) {
        this.id = id;
    }

    /** The name RUNTIME takes, and run.json records. */
    public String id() {
        return id;
    }

    /** Whether the lab measures a system it neither starts nor stops. */
    public boolean remote() {
        return this == REMOTE || this == KUBERNETES;
    }

    /** RUNTIME as given, or one line naming the four it may be. */
    public static RuntimeKind parse(String runtime) {
        return Arrays.stream(values())
            .filter(kind -> kind.id.equals(runtime))
            .findFirst()
            .orElseThrow(() -> new LabException(
                    "RUNTIME must be local, compose, remote or kubernetes, not '" + runtime + "'"));
    }

}
