package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The same blocking RestTemplate call, moved off the event loop onto another scheduler:
 * {@code boundedElastic} (the thread-pool fix) or virtual threads on JDK 21+.
 */
final class OffloadedAuthClient implements AuthClient {

    private final BlockingAuthClient blocking;

    private final Scheduler scheduler;

    private final AuthClientMode mode;

    OffloadedAuthClient(BlockingAuthClient blocking, Scheduler scheduler, AuthClientMode mode) {
        this.blocking = blocking;
        this.scheduler = scheduler;
        this.mode = mode;
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        return blocking.check(token).subscribeOn(scheduler);
    }

    @Override
    public AuthClientMode mode() {
        return mode;
    }

}
