package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import reactor.core.publisher.Mono;

/**
 * Asks auth-service whether a token is valid. Implementations differ only in where they
 * wait.
 */
public interface AuthClient {

    Mono<AuthDecision> check(String token);

    /** The client mode; its tag is on the metrics. */
    AuthClientMode mode();

}
