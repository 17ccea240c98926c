package dev.perflab.gateway.auth;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
        assertThat(AuthDecision
            .fromFailure(new ResourceAccessException("x", new SocketTimeoutException("Read timed out"))))
            .isEqualTo(AuthDecision.TIMEOUT);
        assertThat(AuthDecision.fromFailure(new TimeoutException())).isEqualTo(AuthDecision.TIMEOUT);
        // Reactor Netty's response timeout, wrapped by WebClient
        assertThat(
                AuthDecision.fromFailure(new IOException("x", io.netty.handler.timeout.ReadTimeoutException.INSTANCE)))
            .isEqualTo(AuthDecision.TIMEOUT);
        assertThat(AuthDecision.fromFailure(new ResourceAccessException("x", new ConnectException("refused"))))
            .isEqualTo(AuthDecision.UNAVAILABLE);
        assertThat(AuthDecision.fromFailure(new ConnectTimeoutException("connect timed out")))
            .isEqualTo(AuthDecision.UNAVAILABLE);
        assertThat(AuthDecision.fromFailure(new IOException("connection reset"))).isEqualTo(AuthDecision.UNAVAILABLE);
    }

    /**
     * What the client gets for each answer of auth-service: its own 2xx, 401 and 403 kept
     * as allowed or 401, anything else from auth-service a 502 (the gateway's upstream
     * failed), never passed on as if it were the gateway's own 500 or 404.
     */
    @ParameterizedTest
    @CsvSource({ "200, 200", "204, 200", "401, 401", "403, 401", "404, 502", "429, 502", "500, 502", "503, 502" })
    void theClientGetsTheGatewaysStatusForEachAuthAnswer(int authStatus, int clientStatus) {
        assertThat(AuthDecision.fromStatus(authStatus).status()).isEqualTo(clientStatus);
    }

    /**
     * No answer at all: 503 when auth-service cannot be reached, 504 when it was too
     * slow.
     */
    @Test
    void theClientGets503ForNoConnectionAnd504ForASlowAnswer() {
        assertThat(AuthDecision.fromFailure(new ResourceAccessException("x", new ConnectException("refused"))).status())
            .isEqualTo(503);
        assertThat(
                AuthDecision.fromFailure(new ResourceAccessException("x", new SocketTimeoutException("Read timed out")))
                    .status())
            .isEqualTo(504);
        assertThat(
                AuthDecision.fromFailure(new IOException("x", io.netty.handler.timeout.ReadTimeoutException.INSTANCE))
                    .status())
            .isEqualTo(504);
    }

}
