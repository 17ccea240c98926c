package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

/**
 * Remembers tokens auth-service accepted for a while ({@code auth-cache} profile), so a
 * repeated token costs no auth call. Rejections and failures are never cached.
 *
 * <p>
 * Requests that miss while an auth call for the same token is under way wait for that
 * call instead of starting their own: without this, every request in flight when an entry
 * expires asks auth-service at once (with {@code wrk -c10}, ten calls every TTL, each
 * slower for the crowd). {@code lab.auth.cache.requests} counts them as
 * {@code result=joined}.
 */
final class CachingAuthClient implements AuthClient {

    private final AuthClient delegate;

    private final Cache<String, Boolean> allowed;

    private final ConcurrentMap<String, Mono<AuthDecision>> inFlight = new ConcurrentHashMap<>();

    private final Counter hits;

    private final Counter misses;

    private final Counter joined;

    CachingAuthClient(AuthClient delegate, AuthProperties.Cache settings, MeterRegistry registry) {
        this.delegate = delegate;
        this.allowed = Caffeine.newBuilder()
            .expireAfterWrite(settings.ttl())
            .maximumSize(settings.maximumSize())
            .build();
        this.hits = counter(registry, "hit");
        this.misses = counter(registry, "miss");
        this.joined = counter(registry, "joined");
    }

    private static Counter counter(MeterRegistry registry, String result) {
        return Counter.builder("lab.auth.cache.requests")
            .description(
                    "Requests by what the auth cache did: hit, miss (started an auth call), joined (waited for one under way)")
            .tag("result", result)
            .register(registry);
    }

    @Override
    public Mono<AuthDecision> check(String token) {
        if (allowed.getIfPresent(token) != null) {
            hits.increment();
            return Mono.just(AuthDecision.ALLOWED);
        }
        AtomicReference<Mono<AuthDecision>> started = new AtomicReference<>();
        Mono<AuthDecision> call = inFlight.computeIfAbsent(token, key -> {
            Mono<AuthDecision> shared = newCall(key, started);
            started.set(shared);
            return shared;
        });
        (started.get() == call ? misses : joined).increment();
        return call;
    }

    /**
     * One auth call, shared by everyone who asks for the token until it ends:
     * {@code cache()} runs the call once for all subscribers and does not cancel it when
     * one of them goes away.
     */
    private Mono<AuthDecision> newCall(String token, AtomicReference<Mono<AuthDecision>> self) {
        return delegate.check(token).doOnNext(decision -> {
            if (decision == AuthDecision.ALLOWED) {
                allowed.put(token, Boolean.TRUE);
            }
        }).doFinally(signal -> inFlight.remove(token, self.get())).cache();
    }

    /** Auth calls under way, for tests. */
    int callsInFlight() {
        return inFlight.size();
    }

    @Override
    public AuthClientMode mode() {
        return delegate.mode();
    }

}
