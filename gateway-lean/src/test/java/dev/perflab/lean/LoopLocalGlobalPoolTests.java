package dev.perflab.lean;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

/**
 * With {@code lean.gateway.loop-local-global-pool=true}, a client the application builds
 * itself with {@code WebClient.builder()} (as the usual auth call in a GlobalFilter
 * does), called while a request is handled on the server's event loop, borrows from that
 * loop's own pool: the application's code is unchanged. Over real HTTP on a loopback
 * port, so the handler runs on a real event loop.
 */
@SpringBootTest(classes = { LeanTestApplication.class, LoopLocalGlobalPoolTests.Endpoints.class },
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = LoopLocalGlobalPoolAutoConfiguration.PROPERTY + "=true")
class LoopLocalGlobalPoolTests {

    @LocalServerPort
    int port;

    @Autowired
    EventLoopLocalConnectionProvider globalPools;

    @Test
    void aWebClientBuiltInTheApplicationBorrowsFromItsEventLoopsPool() {
        assertThat(globalPools.eventLoopPools()).isZero();

        ConnectionProvider ownPool = ConnectionProvider.create("test-caller", 1);
        try {
            String answer = HttpClient.create(ownPool)
                .get()
                .uri("http://127.0.0.1:" + port + "/calls-out")
                .responseContent()
                .aggregate()
                .asString()
                .block(Duration.ofSeconds(10));
            assertThat(answer).isEqualTo("called: inner, on an event loop: true");
        }
        finally {
            ownPool.dispose();
        }
        assertThat(globalPools.eventLoopPools()).isEqualTo(1);
        assertThat(globalPools.name()).isEqualTo("http");
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Endpoints {

        /**
         * /calls-out calls /inner on the same server through a WebClient the way
         * application code builds one, then says whether it ran on an event loop.
         */
        @Bean
        RouterFunction<ServerResponse> endpoints() {
            return route().GET("/inner", request -> ServerResponse.ok().bodyValue("inner"))
                .GET("/calls-out", request -> {
                    boolean onEventLoop = Schedulers.isInNonBlockingThread();
                    int port = request.exchange().getRequest().getLocalAddress().getPort();
                    return WebClient.builder()
                        .baseUrl("http://127.0.0.1:" + port)
                        .build()
                        .get()
                        .uri("/inner")
                        .retrieve()
                        .bodyToMono(String.class)
                        .flatMap(inner -> ServerResponse.ok()
                            .bodyValue("called: " + inner + ", on an event loop: " + onEventLoop));
                })
                .build();
        }

    }

}
