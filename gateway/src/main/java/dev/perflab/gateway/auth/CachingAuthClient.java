package dev.perflab.gateway.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

/**
 * Remembers tokens auth-service accepted for a while ({@code auth-cache} profile), so a repeated
 * token costs no auth call. Rejections and failures are never cached.
 */
final class CachingAuthClient implements AuthClient {

    private final AuthClient delegate;
    private final Cache<String, Boolean> allowed;
    private final Counter hits;
    private final Counter misses;

    CachingAuthClient(AuthClient delegate, AuthProperties.Cache settings, MeterRegistry registry) {
        this.delegate = delegate;
        this.allowed = Caffeine.newBuilder()
            .expireAfterWrite(settings.ttl())
            .maximumSize(settings.maximumSize())
            .build();
        this.hits = Counter.builder("lab.auth.cache.requests").tag("result", "hit").register(registry);
        this.misses = Counter.builder("lab.auth.cache.requests").tag("result", "miss").register(registry);
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        if (allowed.getIfPresent(token) != null) {
            hits.increment();
            return Mono.just(AuthDecision.ALLOWED);
        }
        misses.increment();
        return delegate.check(token).doOnNext(decision -> {
            if (decision == AuthDecision.ALLOWED) {
                allowed.put(token, Boolean.TRUE);
            }
        });
    }

    @Override
    public String mode() {
        return delegate.mode();
    }
}
