package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class TokenAuthGlobalFilterTests {

    private final AtomicInteger chainCalls = new AtomicInteger();

    private final GatewayFilterChain chain = exchange -> Mono.fromRunnable(chainCalls::incrementAndGet);

    @Test
    void anAllowedTokenContinuesTheChainAndWritesNothing() {
        AnsweringAuthClient auth = new AnsweringAuthClient(AuthDecision.ALLOWED);
        MockServerWebExchange exchange = exchange("Bearer t1");

        StepVerifier.create(new TokenAuthGlobalFilter(auth).filter(exchange, chain)).verifyComplete();

        assertThat(chainCalls).hasValue(1);
        assertThat(auth.tokens).containsExactly("t1");
        assertThat(exchange.getResponse().getStatusCode()).isNull();
    }

    @ParameterizedTest
    @CsvSource({ "DENIED, 401, invalid token", "FAILED, 502, auth service answered with an error",
            "UNAVAILABLE, 503, auth service unavailable", "TIMEOUT, 504, auth service timed out", })
    void everyOtherDecisionAnswersItsStatusAndReasonWithoutRouting(AuthDecision decision, int status, String body) {
        MockServerWebExchange exchange = exchange("Bearer t1");

        StepVerifier.create(new TokenAuthGlobalFilter(new AnsweringAuthClient(decision)).filter(exchange, chain))
            .verifyComplete();

        assertThat(chainCalls).hasValue(0);
        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.valueOf(status));
        assertThat(exchange.getResponse().getBodyAsString().block()).isEqualTo(body + "\n");
    }

    @Test
    void noTokenIs401WithoutAskingAuthService() {
        AnsweringAuthClient auth = new AnsweringAuthClient(AuthDecision.ALLOWED);
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/service/hello"));

        StepVerifier.create(new TokenAuthGlobalFilter(auth).filter(exchange, chain)).verifyComplete();

        assertThat(auth.tokens).isEmpty();
        assertThat(chainCalls).hasValue(0);
        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
        assertThat(exchange.getResponse().getBodyAsString().block()).isEqualTo("missing token\n");
    }

    @Test
    void bearerHeaderWinsOverQueryParameter() {
        assertThat(TokenAuthGlobalFilter
            .tokenOf(MockServerHttpRequest.get("/service/hello?token=q").header("Authorization", "Bearer h").build()))
            .isEqualTo("h");
        assertThat(TokenAuthGlobalFilter
            .tokenOf(MockServerHttpRequest.get("/service/hello").header("Authorization", "bearer  h2 ").build()))
            .isEqualTo("h2");
    }

    @Test
    void queryParameterAsInThePublishedLab() {
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello?token=q").build()))
            .isEqualTo("q");
    }

    @Test
    void noUsableTokenIsNull() {
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello").build())).isNull();
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello?token=")
            .header("Authorization", "Basic dXNlcjpwdw==")
            .build())).isNull();
        assertThat(TokenAuthGlobalFilter
            .tokenOf(MockServerHttpRequest.get("/service/hello").header("Authorization", "Bearer ").build())).isNull();
    }

    private static MockServerWebExchange exchange(String authorization) {
        return MockServerWebExchange
            .from(MockServerHttpRequest.get("/service/hello").header("Authorization", authorization));
    }

    /**
     * Answers every check with one decision and remembers the tokens it was asked about.
     */
    private static final class AnsweringAuthClient implements AuthClient {

        private final AuthDecision decision;

        private final List<String> tokens = new ArrayList<>();

        AnsweringAuthClient(AuthDecision decision) {
            this.decision = decision;
        }

        @Override
        public Mono<AuthDecision> check(String token) {
            return Mono.fromCallable(() -> {
                tokens.add(token);
                return decision;
            });
        }

        @Override
        public AuthClientMode mode() {
            return AuthClientMode.REACTIVE;
        }

    }

}
