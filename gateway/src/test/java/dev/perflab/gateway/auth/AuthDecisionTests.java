package dev.perflab.gateway.auth;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.web.client.ResourceAccessException;

import static org.assertj.core.api.Assertions.assertThat;

class AuthDecisionTests {

    @Test
    void statusOfTheAuthAnswerDecides() {
        assertThat(AuthDecision.fromStatus(200)).isEqualTo(AuthDecision.ALLOWED);
        assertThat(AuthDecision.fromStatus(204)).isEqualTo(AuthDecision.ALLOWED);
        assertThat(AuthDecision.fromStatus(401)).isEqualTo(AuthDecision.DENIED);
        assertThat(AuthDecision.fromStatus(403)).isEqualTo(AuthDecision.DENIED);
        assertThat(AuthDecision.fromStatus(500)).isEqualTo(AuthDecision.FAILED);
        assertThat(AuthDecision.fromStatus(404)).isEqualTo(AuthDecision.FAILED);
    }

    @Test
    void noAnswerIsATimeoutOnlyWhenTheReadTimedOut() {
        assertThat(AuthDecision.fromFailure(new ResourceAccessException("x", new SocketTimeoutException("Read timed out"))))
            .isEqualTo(AuthDecision.TIMEOUT);
        assertThat(AuthDecision.fromFailure(new TimeoutException())).isEqualTo(AuthDecision.TIMEOUT);
        // Reactor Netty's response timeout, wrapped by WebClient
        assertThat(AuthDecision.fromFailure(new IOException("x", io.netty.handler.timeout.ReadTimeoutException.INSTANCE)))
            .isEqualTo(AuthDecision.TIMEOUT);
        assertThat(AuthDecision.fromFailure(new ResourceAccessException("x", new ConnectException("refused"))))
            .isEqualTo(AuthDecision.UNAVAILABLE);
        assertThat(AuthDecision.fromFailure(new ConnectTimeoutException("connect timed out"))).isEqualTo(AuthDecision.UNAVAILABLE);
        assertThat(AuthDecision.fromFailure(new IOException("connection reset"))).isEqualTo(AuthDecision.UNAVAILABLE);
    }

    @Test
    void statusesAreTheOnesTheClientSees() {
        assertThat(AuthDecision.DENIED.status()).isEqualTo(401);
        assertThat(AuthDecision.UNAVAILABLE.status()).isEqualTo(503);
        assertThat(AuthDecision.TIMEOUT.status()).isEqualTo(504);
    }
}
