package dev.perflab.lab;

import java.util.List;

import dev.perflab.lab.system.Ports;

import static org.assertj.core.api.Assertions.fail;

/**
 * The lab's fixed loopback ports, for the tests that start the runner. A busy port fails
 * the test, naming who holds it: a skipped test would leave CI quietly thinner, and a
 * leftover of an earlier run is a bug to see.
 */
public final class LabPorts {

    /** gateway, business-service, auth-service, nginx. */
    public static final List<Integer> RUNNER = List.of(38071, 38072, 38073, 38074);

    private LabPorts() {
    }

    /**
     * One line per port of {@code ports} that something listens on, naming its pid and
     * command line.
     */
    public static List<String> held(List<Integer> ports) {
        return ports.stream()
            .filter(port -> !Ports.free(port))
            .map(port -> "port " + port + " is held by " + Ports.holder(port))
            .toList();
    }

    public static void requireFree(List<Integer> ports) {
        List<String> held = held(ports);
        if (!held.isEmpty()) {
            fail(String.join("; ", held) + " (a lab left up? make down; else stop that process)");
        }
    }

}
