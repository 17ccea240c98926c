package dev.perflab.lean;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.support.Netty4HeadersAdapter;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the filter writes the id: into an earlier filter's copy, or a copy of its own.
 */
class RequestIdHeadersFilterTests {

    private final RequestIdHeadersFilter filter = new RequestIdHeadersFilter("X-Request-Id");

    private final MockServerWebExchange exchange = MockServerWebExchange
        .from(MockServerHttpRequest.get("/").header("X-Request-Id", "client-sent").header("Accept", "text/plain"));

    @Test
    void writesIntoAnEarlierFiltersCopy() {
        exchange.getAttributes().put(LeanRequestIdFilter.ATTRIBUTE, "00000000000000ab");
        HttpHeaders copy = new HttpHeaders(new Netty4HeadersAdapter(new DefaultHttpHeaders(false)));
        copy.addAll(exchange.getRequest().getHeaders());

        HttpHeaders filtered = filter.filter(copy, exchange);

        assertThat(filtered).isSameAs(copy);
        assertThat(filtered.get("X-Request-Id")).containsExactly("00000000000000ab");
        assertThat(filtered.get("Accept")).containsExactly("text/plain");
    }

    @Test
    void copiesTheRequestsOwnHeadersRatherThanWritingIntoThem() {
        HttpHeaders own = exchange.getRequest().getHeaders();

        HttpHeaders filtered = filter.filter(own, exchange);

        String id = exchange.getAttribute(LeanRequestIdFilter.ATTRIBUTE);
        assertThat(id).matches("[0-9a-f]{16}");
        assertThat(filtered).isNotSameAs(own);
        assertThat(filtered.get("X-Request-Id")).containsExactly(id);
        assertThat(filtered.get("Accept")).containsExactly("text/plain");
        assertThat(own.get("X-Request-Id")).containsExactly("client-sent");
    }

    @Test
    void copiesReadOnlyHeadersAnEarlierFilterPassedOn() {
        HttpHeaders readOnly = HttpHeaders.readOnlyHttpHeaders(new HttpHeaders(exchange.getRequest().getHeaders()));

        HttpHeaders filtered = filter.filter(readOnly, exchange);

        assertThat(filtered).isNotSameAs(readOnly);
        assertThat(filtered.get("X-Request-Id"))
            .containsExactly((String) exchange.getAttribute(LeanRequestIdFilter.ATTRIBUTE));
    }

}
