package dev.perflab.common;

/**
 * Where the gateway waits for auth-service: the gateway binds it from
 * {@code lab.auth.client}, the runner from {@code AUTH_CLIENT} (picocli refuses any other
 * value and lists these). Each has a gateway profile of the same name, its
 * {@link #tag()}.
 */
public enum AuthClientMode implements ModeValue {

    BLOCKING, OFFLOADED, REACTIVE, VIRTUAL;

    /** The tag, as the profiles, the scenario files and the runner's help spell it. */
    @Override
    public String toString() {
        return tag();
    }

}
