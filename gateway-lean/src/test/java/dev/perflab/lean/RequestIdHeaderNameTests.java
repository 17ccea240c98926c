package dev.perflab.lean;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The names the request id may be sent under: a token, and none that HTTP gives a meaning
 * of its own (the id would reach the backend as its random value). A refused name stops
 * the application at start-up with one line naming the property and the value.
 */
class RequestIdHeaderNameTests {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(RequestIdAutoConfiguration.class));

    @Test
    void aHeaderNameIsAToken() {
        assertThat(RequestIdHeaderName.check(" X-Request-Id ")).isEqualTo("X-Request-Id");
        assertThatIllegalArgumentException().isThrownBy(() -> RequestIdHeaderName.check("X Request Id"))
            .withMessage(
                    "lean.gateway.request-id-header is 'X Request Id': give a header name of letters, digits and -, e.g. X-Request-Id");
        assertThat(RequestIdHeaderName.check("")).as("not set: off").isNull();
        assertThat(RequestIdHeaderName.check("false")).as("false: off").isNull();
    }

    @Test
    void aHeaderThatFramesRoutesOrAuthenticatesARequestIsRefused() {
        List<String> refused = List.of("Transfer-Encoding", "content-length", "Host", "Authorization", "Cookie",
                "Connection", "Keep-Alive", "TE", "Trailer", "Upgrade", "Expect", "Via", "Max-Forwards", "Forwarded",
                "X-Forwarded-For", "x-forwarded-host", "X-Real-IP", "Proxy-Authorization", "Proxy-Anything",
                "Content-Type", "Content-Encoding", "Sec-Fetch-Site", "Origin", "X-HTTP-Method-Override");
        for (String name : refused) {
            assertThatIllegalArgumentException().as(name)
                .isThrownBy(() -> RequestIdHeaderName.check(name))
                .withMessage("lean.gateway.request-id-header is '" + name
                        + "', a header that frames, routes or authenticates a request (or describes its body), "
                        + "which a random id would break: give a name of your own, e.g. X-Request-Id");
        }
        for (String name : List.of("X-Request-Id", "X-Correlation-Id", "traceparent-id", "Request-Id")) {
            assertThat(RequestIdHeaderName.check(name)).as(name).isEqualTo(name);
        }
    }

    @Test
    void theApplicationDoesNotStartWithARefusedName() {
        context.withPropertyValues(RequestIdAutoConfiguration.PROPERTY + "=Transfer-Encoding")
            .run(started -> assertThat(started).getFailure()
                .rootCause()
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("lean.gateway.request-id-header is 'Transfer-Encoding', a header that frames")
                .hasMessageNotContaining("\n"));
        context.withPropertyValues(RequestIdAutoConfiguration.PROPERTY + "=X-Request-Id")
            .run(started -> assertThat(started).hasNotFailed()
                .getBean(RequestIdHeadersFilter.class)
                .hasToString("RequestIdHeadersFilter[X-Request-Id]"));
    }

}
