package dev.perflab.gateway.routing;

import java.io.IOException;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The path guard on routes the lab does not ship but a user of gateway-lean writes: the
 * path filter takes the path predicate's variables or more than one segment, so a request
 * path that names no actuator is sent to the backend's one
 * ({@code Path=/lean-set/{a}/{b}} with {@code LeanSetPath=/{b}} takes
 * {@code /lean-set/x/actuator} to {@code /actuator}). The guard decides on the path the
 * route sends, whichever filter made it, stock or lean.
 */
class RoutedPathGuardGatewayTests extends GatewayWithStubs {

    /** Route id (also the first segment of its paths) and its path filter. */
    private static final String[][] ROUTES = { { "lean-set", "LeanSetPath=/{b}" }, { "stock-set", "SetPath=/{b}" },
            { "lean-strip", "LeanStripPrefix=2" }, { "stock-strip", "StripPrefix=2" } };

    @DynamicPropertySource
    static void routes(DynamicPropertyRegistry registry) {
        for (int i = 0; i < ROUTES.length; i++) {
            String route = "spring.cloud.gateway.server.webflux.routes[" + i + "].";
            String[] spec = ROUTES[i];
            registry.add(route + "id", () -> spec[0]);
            registry.add(route + "uri", () -> "http://localhost:" + stubs.backendPort());
            registry.add(route + "predicates[0]",
                    () -> "Path=/" + spec[0] + (spec[1].contains("{b}") ? "/{a}/{b}" : "/**"));
            registry.add(route + "filters[0]", () -> spec[1]);
        }
    }

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
