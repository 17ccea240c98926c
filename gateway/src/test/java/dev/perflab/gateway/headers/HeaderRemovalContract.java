package dev.perflab.gateway.headers;

import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a routed request and its answer lose on the way through the gateway, on a real
 * port: hop-by-hop headers (and those the Connection header names) both ways, and the
 * Forwarded and X-Forwarded-* headers a client sent, which no trusted proxy vouches for.
 * Run against Spring Cloud Gateway's own header filters and against the one-pass
 * replacement, which must remove exactly the same.
 */
abstract class HeaderRemovalContract extends GatewayWithStubs {

    @Test
    void theBackendSeesNeitherHopByHopNorForwardedHeadersAClientSent() throws IOException {
        String answer = rawGet("/service/hello", "Forwarded: for=203.0.113.7", "X-Forwarded-For: 203.0.113.7",
                "X-Forwarded-Host: attacker.example", "Proxy-Authorization: Basic eDp5", "X-Application-Context: c",
                "Upgrade: websocket", "Keep-Alive: timeout=5", "Connection: close, X-Drop-Me",
                "X-Drop-Me: named by Connection", "X-Kept: yes", "x-request-note: lower case kept");
        assertThat(answer).startsWith("HTTP/1.1 200").endsWith(StubServices.BACKEND_BODY);
        Set<String> seen = stubs.backendHeaderNames()
            .stream()
            .map(name -> name.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
        assertThat(seen).contains("x-kept", "x-request-note", "authorization", "host")
            .doesNotContain("forwarded", "x-forwarded-for", "x-forwarded-host", "proxy-authorization",
                    "x-application-context", "upgrade", "keep-alive", "x-drop-me", "te", "trailer");
    }

    @Test
    void theClientSeesNoHopByHopHeaderOfTheBackendsAnswer() throws IOException {
        String answer = rawGet("/service/hello?hop").toLowerCase(Locale.ROOT);
        assertThat(answer).startsWith("http/1.1 200")
            .contains("\r\nx-kept-answer: yes\r\n")
            .doesNotContain("x-application-context")
            .doesNotContain("proxy-authenticate");
    }

}
