package dev.perflab.gateway.lean;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import dev.perflab.lean.OneWriteAnswerFilter;

/**
 * The one-write-answer lever on a real port: Spring Cloud Gateway's write filter is
 * replaced, a routed answer with a Content-Length leaves in one flush with its headers,
 * and an answer without a length is still streamed and arrives whole.
 */
@ActiveProfiles({ "reactive", "one-write-answer" })
@Import(ServerFlushes.class)
class OneWriteAnswerGatewayTests extends GatewayWithStubs {

    @Autowired
    List<GlobalFilter> globalFilters;

    @Test
    void theWriteFilterIsReplacedAndAnAnswerOfKnownLengthLeavesInOneFlush() throws Exception {
        assertThat(globalFilters).noneMatch(NettyWriteResponseFilter.class::isInstance)
            .filteredOn(OneWriteAnswerFilter.class::isInstance)
            .hasSize(1);
        // the first answer opens the client's connection
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).body()).isEqualTo(StubServices.BACKEND_BODY);
        double wholeBefore = answers("whole");
        int flushesBefore = ServerFlushes.COUNT.get();
        int connectionsBefore = ServerFlushes.CONNECTIONS.get();
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
            assertThat(response.headers().firstValueAsLong("Content-Length"))
                .hasValue(StubServices.BACKEND_BODY.length());
        }
        assertThat(ServerFlushes.COUNT.get() - flushesBefore).as("flushes for 20 answers").isEqualTo(20);
        assertThat(ServerFlushes.CONNECTIONS.get() - connectionsBefore)
            .as("all on the first answer's keep-alive connection")
            .isZero();
        assertThat(answers("whole") - wholeBefore).isEqualTo(20);
    }

    @Test
    void anAnswerWithoutALengthIsStreamedAndArrivesWhole() throws Exception {
        double streamedBefore = answers("streamed");
        HttpResponse<String> response = get("/service/chunks", StubServices.GOOD_TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(String.join("", StubServices.CHUNKS));
        assertThat(answers("streamed") - streamedBefore).isEqualTo(1);
        assertThat(get("/service/hello", "wrong-token").statusCode()).as("the auth call is still made").isEqualTo(401);
    }

    private double answers(String written) {
        return registry.get("lean.gateway.answers").tag("written", written).counter().count();
    }

}
