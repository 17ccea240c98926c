package dev.perflab.gateway;

import dev.perflab.gateway.auth.AuthClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lean ladder's netty-auth profile: the reactive auth call made on Reactor Netty's
 * HttpClient without WebClient keeps the whole contract (the answer, 401 for a bad token,
 * the deadline on an answer that trickles in).
 */
@ActiveProfiles({ "reactive", "netty-auth" })
class NettyAuthClientGatewayTests extends RoutedGatewayContract {

    @Autowired
    AuthClient authClient;

    @Override
    protected String mode() {
        return "reactive";
    }

    @Test
    void theCallIsMadeWithoutWebClient() {
        assertThat(authClient).hasToString("MeteredAuthClient[ReactiveAuthClient[Reactor Netty HttpClient]]");
    }

}
