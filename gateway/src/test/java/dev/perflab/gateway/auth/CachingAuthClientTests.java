package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auth cache's bookkeeping, with a stand-in auth client whose answers the test
 * releases by hand (the real gateway with it is in the lab's
 * GatewaySwitchesIntegrationTests).
 */
class CachingAuthClientTests {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private final HeldAuthClient auth = new HeldAuthClient();

    private final CachingAuthClient cache = new CachingAuthClient(auth,
            new AuthProperties.Cache(true, Duration.ofSeconds(10), 100), registry);

    @Test
    void requestsThatMissWhileACallIsUnderWayWaitForItInsteadOfCallingAgain() {
        List<AuthDecision> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            cache.check("t").subscribe(answers::add);
        }
        assertThat(auth.calls()).isEqualTo(1);
        assertThat(answers).isEmpty();

        auth.answer(0, AuthDecision.ALLOWED);

        assertThat(answers).hasSize(10).containsOnly(AuthDecision.ALLOWED);
        assertThat(cache.callsInFlight()).isZero();
        assertThat(count("miss")).isEqualTo(1);
        assertThat(count("joined")).isEqualTo(9);
        // and now it is cached
        assertThat(cache.check("t").block()).isEqualTo(AuthDecision.ALLOWED);
        assertThat(auth.calls()).isEqualTo(1);
        assertThat(count("hit")).isEqualTo(1);
    }

    @Test
    void aRejectionIsSharedWithThoseWaitingButNotCached() {
        List<AuthDecision> answers = new ArrayList<>();
        cache.check("bad").subscribe(answers::add);
        cache.check("bad").subscribe(answers::add);
        auth.answer(0, AuthDecision.DENIED);
        assertThat(answers).containsExactly(AuthDecision.DENIED, AuthDecision.DENIED);

        cache.check("bad").subscribe(answers::add);
        assertThat(auth.calls()).as("asked again").isEqualTo(2);
        auth.answer(1, AuthDecision.DENIED);
        assertThat(cache.callsInFlight()).isZero();
    }

    @Test
    void differentTokensDoNotWaitForEachOther() {
        cache.check("a").subscribe();
        cache.check("b").subscribe();
        assertThat(auth.calls()).isEqualTo(2);
        assertThat(count("joined")).isZero();
    }

    @Test
    void oneWaitingRequestGoingAwayDoesNotCancelTheCallForTheOthers() {
        List<AuthDecision> answers = new ArrayList<>();
        Disposable first = cache.check("t").subscribe();
        cache.check("t").subscribe(answers::add);
        first.dispose();
        assertThat(auth.cancelled()).isZero();

        auth.answer(0, AuthDecision.ALLOWED);

        assertThat(answers).containsExactly(AuthDecision.ALLOWED);
        assertThat(cache.check("t").block()).isEqualTo(AuthDecision.ALLOWED);
        assertThat(auth.calls()).isEqualTo(1);
    }

    private double count(String result) {
        return registry.get("lab.auth.cache.requests").tag("result", result).counter().count();
    }

    /** An auth client whose every call waits until the test answers it. */
    static final class HeldAuthClient implements AuthClient {

        private final List<Sinks.One<AuthDecision>> pending = new ArrayList<>();

        private final AtomicInteger cancelled = new AtomicInteger();

        @Override
        public Mono<AuthDecision> check(String token) {
            return Mono.defer(() -> {
                Sinks.One<AuthDecision> sink = Sinks.one();
                pending.add(sink);
                return sink.asMono().doOnCancel(cancelled::incrementAndGet);
            });
        }

        void answer(int call, AuthDecision decision) {
            pending.get(call).tryEmitValue(decision).orThrow();
        }

        int calls() {
            return pending.size();
        }

        int cancelled() {
            return cancelled.get();
        }

        @Override
        public AuthClientMode mode() {
            return AuthClientMode.REACTIVE;
        }

    }

}
