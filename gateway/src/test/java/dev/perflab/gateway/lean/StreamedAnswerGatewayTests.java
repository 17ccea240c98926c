package dev.perflab.gateway.lean;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;

/**
 * What the one-write-answer lever removes, on a real port: with Spring Cloud Gateway's
 * own write filter the same answer of known length costs the server connection more than
 * one flush (its headers, then its body).
 */
@ActiveProfiles({ "reactive" })
@Import(ServerFlushes.class)
class StreamedAnswerGatewayTests extends GatewayWithStubs {

    @Test
    void anAnswerOfKnownLengthLeavesInMoreThanOneFlush() throws Exception {
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).body()).isEqualTo(StubServices.BACKEND_BODY);
        int flushesBefore = ServerFlushes.COUNT.get();
        int connectionsBefore = ServerFlushes.CONNECTIONS.get();
        for (int i = 0; i < 20; i++) {
            assertThat(get("/service/hello", StubServices.GOOD_TOKEN).body()).isEqualTo(StubServices.BACKEND_BODY);
        }
        assertThat(ServerFlushes.COUNT.get() - flushesBefore).as("flushes for 20 answers").isGreaterThanOrEqualTo(40);
        assertThat(ServerFlushes.CONNECTIONS.get() - connectionsBefore)
            .as("all on the first answer's keep-alive connection")
            .isZero();
    }

}
