package dev.perflab.lean;

import io.netty.handler.codec.http.DefaultHttpHeaders;

import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.support.Netty4HeadersAdapter;
import org.springframework.web.server.ServerWebExchange;

/**
 * Sets the request's id ({@link LeanRequestIdFilter#ATTRIBUTE}) as a header of the routed
 * request. It runs last among the request header filters, whose copies of the headers it
 * writes into; only when none copied them (the input is still the request's own,
 * read-only headers) does it copy them. A client-sent header of the same name is
 * replaced, as {@code exchange.mutate()} with {@code headers.set} would.
 */
public final class RequestIdHeadersFilter implements HttpHeadersFilter, Ordered {

    private final String header;

    public RequestIdHeadersFilter(String header) {
        this.header = header;
    }

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        String id = exchange.getAttribute(LeanRequestIdFilter.ATTRIBUTE);
        if (id == null) {
            // routed without the global filter before it (e.g. a filter chain of its own)
            id = LeanRequestIdFilter.next();
            exchange.getAttributes().put(LeanRequestIdFilter.ATTRIBUTE, id);
        }
        if (input != exchange.getRequest().getHeaders()) {
            try {
                input.set(this.header, id);
                return input;
            }
            catch (UnsupportedOperationException readOnly) {
                // a filter before it passed on read-only headers: copy below
            }
        }
        HttpHeaders copy = new HttpHeaders(new Netty4HeadersAdapter(new DefaultHttpHeaders(false)));
        copy.addAll(input);
        copy.set(this.header, id);
        return copy;
    }

    @Override
    public boolean supports(Type type) {
        return type == Type.REQUEST;
    }

    /** After every other request header filter, so that it writes into their copy. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public String toString() {
        return "RequestIdHeadersFilter[" + this.header + "]";
    }

}
