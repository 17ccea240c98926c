package dev.perflab.lab.targets;

import java.util.Locale;

/**
 * The gateway's auth clients, each a Spring profile of the gateway of the same name. picocli
 * refuses any other value of {@code AUTH_CLIENT} and lists these.
 */
public enum AuthClient {
    BLOCKING, OFFLOADED, REACTIVE, VIRTUAL;

    /** The profile name, as the gateway and the scenario files spell it. */
    public String profile() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return profile();
    }
}
