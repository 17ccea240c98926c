package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.perflab.lab.runtime.RuntimeKind;

/**
 * What every side of one paired run starts with: the repository, the apps' JVM options (a
 * side's own come after), how long a gateway may take to become healthy, the route and
 * the header line the load sends, and where they run (RUNTIME: local or compose).
 */
public record SideSettings(Path root, List<String> javaOptions, Duration healthTimeout, String route, String header,
        RuntimeKind runtime) {

    public SideSettings {
        javaOptions = List.copyOf(javaOptions);
    }

    /** Settings for sides on this machine (RUNTIME=local). */
    public SideSettings(Path root, List<String> javaOptions, Duration healthTimeout, String route, String header) {
        this(root, javaOptions, healthTimeout, route, header, RuntimeKind.LOCAL);
    }

    /** The bearer token of the header, for nginx's check at its start; null for none. */
    String token() {
        return LineupPlan.bearer(header);
    }

}
