package dev.perflab.gateway.auth;

import org.junit.jupiter.api.Test;

import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

import static org.assertj.core.api.Assertions.assertThat;

class TokenAuthGlobalFilterTests {

    @Test
    void bearerHeaderWinsOverQueryParameter() {
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello?token=q")
            .header("Authorization", "Bearer h").build())).isEqualTo("h");
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello")
            .header("Authorization", "bearer  h2 ").build())).isEqualTo("h2");
    }

    @Test
    void queryParameterAsInThePublishedLab() {
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello?token=q").build())).isEqualTo("q");
    }

    @Test
    void noUsableTokenIsNull() {
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello").build())).isNull();
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello?token=")
            .header("Authorization", "Basic dXNlcjpwdw==").build())).isNull();
        assertThat(TokenAuthGlobalFilter.tokenOf(MockServerHttpRequest.get("/service/hello")
            .header("Authorization", "Bearer ").build())).isNull();
    }
}
