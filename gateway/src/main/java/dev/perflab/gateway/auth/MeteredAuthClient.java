package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import reactor.core.publisher.Mono;

/**
 * Times every real auth call as {@code lab.auth.call}, tagged by client mode and outcome.
 */
final class MeteredAuthClient implements AuthClient {

    private final AuthClient delegate;

    private final Map<AuthDecision, Timer> timers = new EnumMap<>(AuthDecision.class);

    MeteredAuthClient(AuthClient delegate, MeterRegistry registry) {
        this.delegate = delegate;
        for (AuthDecision decision : AuthDecision.values()) {
            timers.put(decision,
                    Timer.builder("lab.auth.call")
                        .description("Gateway to auth-service token check, as the gateway waited for it")
                        .tag("client", delegate.mode().tag())
                        .tag("outcome", decision.outcome())
                        .publishPercentiles(0.5, 0.9, 0.99)
                        .publishPercentileHistogram()
                        .register(registry));
        }
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        return Mono.defer(() -> {
            long start = System.nanoTime();
            return delegate.check(token)
                .doOnNext(decision -> timers.get(decision).record(System.nanoTime() - start, TimeUnit.NANOSECONDS));
        });
    }

    @Override
    public AuthClientMode mode() {
        return delegate.mode();
    }

    @Override
    public String toString() {
        return "MeteredAuthClient[" + delegate + "]";
    }

}
