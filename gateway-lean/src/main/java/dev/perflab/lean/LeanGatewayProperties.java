package dev.perflab.lean;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The library's levers, {@code lean.gateway.*}: each is off until its property turns it
 * on, so adding the jar alone changes nothing of a stock Spring Cloud Gateway
 * application. Each lever's auto-configuration is switched by its property (a condition,
 * read before any bean exists); what a lever needs of its value is read from here.
 * {@code spring-boot-configuration-processor} writes the metadata an IDE shows from these
 * fields and their comments.
 */
@ConfigurationProperties(LeanGatewayProperties.PREFIX)
public class LeanGatewayProperties {

    public static final String PREFIX = "lean.gateway";

    /**
     * One copy of the headers per direction that removes what Spring Cloud Gateway's
     * RemoveHopByHopHeadersFilter, RemoveForwardedHeadersFilter and
     * RemoveXForwardedHeadersFilter remove, in place of those three (whose beans it takes
     * out of the context).
     */
    private boolean onePassHeaders = false;

    /**
     * A routed answer with a Content-Length of at most 64 KiB gathered and sent with its
     * headers in one socket write, in place of NettyWriteResponseFilter; it waits until
     * such an answer is whole.
     */
    private boolean oneWriteAnswer = false;

    /**
     * The routed call's connection pool split into one pool per event loop, so a request
     * stays on the thread that read it; max-connections then holds per event loop.
     */
    private boolean loopLocalPools = false;

    /**
     * Reactor Netty's global connection pool (WebClient.builder() and HttpClient.create()
     * without a pool of their own, e.g. an auth call in a GlobalFilter) split into one
     * pool per event loop, for the whole JVM; Reactor Netty's default limits then hold
     * per event loop.
     */
    private boolean loopLocalGlobalPool = false;

    /**
     * A header name, e.g. X-Request-Id: every request gets a fresh id (16 hex digits from
     * ThreadLocalRandom) as the exchange attribute dev.perflab.lean.request-id, sent
     * downstream under this header in the routing filter's copy of the headers, without
     * exchange.mutate(). Not set (or false): off. A header that frames, routes or
     * authenticates a request (Host, Content-Length, Transfer-Encoding, Connection,
     * Authorization, Cookie, Forwarded, ...) is refused at start-up.
     */
    private String requestIdHeader;

    /**
     * The route filters LeanStripPrefix=N and LeanSetPath=/template: the path of the URL
     * the routing filter calls changed as StripPrefix and SetPath change it, without
     * rebuilding the request and the exchange; filters still see the request's own path.
     * Only routes that name them change.
     */
    private boolean pathFilters = false;

    public boolean isOnePassHeaders() {
        return onePassHeaders;
    }

    public void setOnePassHeaders(boolean onePassHeaders) {
        this.onePassHeaders = onePassHeaders;
    }

    public boolean isOneWriteAnswer() {
        return oneWriteAnswer;
    }

    public void setOneWriteAnswer(boolean oneWriteAnswer) {
        this.oneWriteAnswer = oneWriteAnswer;
    }

    public boolean isLoopLocalPools() {
        return loopLocalPools;
    }

    public void setLoopLocalPools(boolean loopLocalPools) {
        this.loopLocalPools = loopLocalPools;
    }

    public boolean isLoopLocalGlobalPool() {
        return loopLocalGlobalPool;
    }

    public void setLoopLocalGlobalPool(boolean loopLocalGlobalPool) {
        this.loopLocalGlobalPool = loopLocalGlobalPool;
    }

    public String getRequestIdHeader() {
        return requestIdHeader;
    }

    /** Refuses a name no request id may take, as one line. */
    public void setRequestIdHeader(String requestIdHeader) {
        this.requestIdHeader = RequestIdHeaderName.check(requestIdHeader);
    }

    public boolean isPathFilters() {
        return pathFilters;
    }

    public void setPathFilters(boolean pathFilters) {
        this.pathFilters = pathFilters;
    }

}
