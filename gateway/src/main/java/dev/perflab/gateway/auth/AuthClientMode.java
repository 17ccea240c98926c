package dev.perflab.gateway.auth;

import dev.perflab.gateway.mode.ModeValue;

/** Where the gateway waits for auth-service ({@code lab.auth.client}); each has a profile of the same name. */
public enum AuthClientMode implements ModeValue {
    BLOCKING, OFFLOADED, REACTIVE, VIRTUAL
}
