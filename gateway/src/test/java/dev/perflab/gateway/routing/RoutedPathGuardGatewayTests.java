package dev.perflab.gateway.routing;

import java.io.IOException;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The path guard on routes the lab does not ship but a user of gateway-lean writes: the
 * path filter takes the path predicate's variables or more than one segment, so a request
 * path that names no actuator is sent to the backend's one
 * ({@code Path=/lean-set/{a}/{b}} with {@code LeanSetPath=/{b}} takes
 * {@code /lean-set/x/actuator} to {@code /actuator}). The guard decides on the path the
 * route sends, whichever filter made it, stock or lean.
 */
@TestPropertySource(
        properties = { "lean.gateway.path-filters=true", "spring.cloud.gateway.server.webflux.routes[0].id=lean-set",
                "spring.cloud.gateway.server.webflux.routes[0].uri=${BUSINESS_URL}",
                "spring.cloud.gateway.server.webflux.routes[0].predicates[0]=Path=/lean-set/{a}/{b}",
                "spring.cloud.gateway.server.webflux.routes[0].filters[0]=LeanSetPath=/{b}",
                "spring.cloud.gateway.server.webflux.routes[1].id=stock-set",
                "spring.cloud.gateway.server.webflux.routes[1].uri=${BUSINESS_URL}",
                "spring.cloud.gateway.server.webflux.routes[1].predicates[0]=Path=/stock-set/{a}/{b}",
                "spring.cloud.gateway.server.webflux.routes[1].filters[0]=SetPath=/{b}",
                "spring.cloud.gateway.server.webflux.routes[2].id=lean-strip",
                "spring.cloud.gateway.server.webflux.routes[2].uri=${BUSINESS_URL}",
                "spring.cloud.gateway.server.webflux.routes[2].predicates[0]=Path=/lean-strip/**",
                "spring.cloud.gateway.server.webflux.routes[2].filters[0]=LeanStripPrefix=2",
                "spring.cloud.gateway.server.webflux.routes[3].id=stock-strip",
                "spring.cloud.gateway.server.webflux.routes[3].uri=${BUSINESS_URL}",
                "spring.cloud.gateway.server.webflux.routes[3].predicates[0]=Path=/stock-strip/**",
                "spring.cloud.gateway.server.webflux.routes[3].filters[0]=StripPrefix=2" })
class RoutedPathGuardGatewayTests extends GatewayWithStubs {

    @ParameterizedTest
    @ValueSource(strings = { "lean-set", "stock-set", "lean-strip", "stock-strip" })
    void aPlainPathReachesTheBackendAsTheFilterMadeIt(String route) throws IOException {
        assertThat(rawGet("/" + route + "/x/hello")).startsWith("HTTP/1.1 200").endsWith(StubServices.BACKEND_BODY);
        assertThat(stubs.backendPaths()).last().isEqualTo("/hello");
    }

    @ParameterizedTest
    @CsvSource({ "lean-set, /x/actuator", "lean-set, /x/%61ctuator", "lean-set, /x/ACTUATOR",
            "lean-set, /x/actuator%3Bx", "lean-set, /x/%2561ctuator", "stock-set, /x/actuator",
            "stock-set, /x/Actuator%3bx", "lean-strip, /x/actuator/env", "lean-strip, /x/%61ctuator/prometheus",
            "stock-strip, /x/actuator/env", "stock-strip, /x/ACTUATOR%3Bx/env" })
    void pathsTheFilterTurnsIntoTheActuatorAre404AndNeverReachIt(String route, String rest) throws IOException {
        int received = stubs.backendPaths().size();
        assertThat(rawGet("/" + route + rest)).startsWith("HTTP/1.1 404").endsWith("\r\n\r\nnot routed\n");
        assertThat(stubs.backendPaths()).hasSize(received);
    }

}
