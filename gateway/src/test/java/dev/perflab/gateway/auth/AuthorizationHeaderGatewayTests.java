package dev.perflab.gateway.auth;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Authorization headers a client can send over a raw socket: two of them (auth-service
 * would judge one, the backend might read the other) are refused before auth-service is
 * asked; one too large for the server's header limit is refused by Reactor Netty; a
 * header split across lines never carries a second token past the check. In none of them
 * does the request reach the backend.
 */
@ActiveProfiles("reactive")
class AuthorizationHeaderGatewayTests extends GatewayWithStubs {

    private String raw(String headers) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /service/hello HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "Connection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void twoAuthorizationHeadersAre400AndNeitherAuthNorTheBackendIsAsked() throws Exception {
        int authCalls = stubs.authCalls();
        int backendCalls = stubs.backendCalls();
        String answer = raw("Authorization: Bearer " + StubServices.GOOD_TOKEN + "\r\nAuthorization: Bearer other\r\n");
        assertThat(answer).startsWith("HTTP/1.1 400").endsWith("more than one Authorization header\n");
        assertThat(stubs.authCalls()).isEqualTo(authCalls);
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
        assertThat(raw("Authorization: Bearer " + StubServices.GOOD_TOKEN + "\r\n")).as("one is routed")
            .startsWith("HTTP/1.1 200");
    }

    @Test
    void aHugeAuthorizationHeaderIsRefusedBeforeTheGatewaySeesIt() throws Exception {
        int authCalls = stubs.authCalls();
        int backendCalls = stubs.backendCalls();
        String answer;
        try {
            answer = raw("Authorization: Bearer " + "x".repeat(64 * 1024) + "\r\n");
        }
        catch (SocketException reset) {
            // the server answered 431 and closed while the rest of the header was unread
            answer = "reset: " + reset.getMessage();
        }
        assertThat(answer).matches("(?s)(HTTP/1.1 431.*|reset: .*)");
        assertThat(stubs.authCalls()).isEqualTo(authCalls);
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

    @Test
    void aTokenOnAContinuationLineNeverReachesTheBackendUnchecked() throws Exception {
        int backendCalls = stubs.backendCalls();
        // obsolete line folding: a bad token first, a good one on the next line
        String answer = raw("Authorization: Bearer bad\r\n " + StubServices.GOOD_TOKEN + "\r\n");
        assertThat(answer).doesNotStartWith("HTTP/1.1 200");
        assertThat(stubs.backendCalls()).isEqualTo(backendCalls);
    }

}
