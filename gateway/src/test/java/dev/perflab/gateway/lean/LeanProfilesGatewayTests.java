package dev.perflab.gateway.lean;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.cloud.gateway.filter.headers.GRPCRequestHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.GRPCResponseHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.handler.RoutePredicateHandlerMapping;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

import dev.perflab.gateway.GatewayWithStubs;
import dev.perflab.gateway.StubServices;
import dev.perflab.lean.OnePassHeadersFilter;

/**
 * The lean ladder's gateway profiles, all at once on a real port: each lever does what
 * its rung says (no Reactor Netty metrics, no auth-call timer, StripPrefix instead of
 * RewritePath, the routes asked before the annotated-controller mapping, no gRPC header
 * filters, one copy of the headers per direction in place of Spring Cloud Gateway's three
 * header filters) while the route still answers and the auth call is still made on every
 * request; and the gateway says which allocator, transport, JDK and collector it runs
 * with.
 */
@ActiveProfiles({ "reactive", "no-netty-metrics", "no-auth-timer", "strip-prefix", "routes-first", "no-grpc-headers",
        "one-header-pass" })
class LeanProfilesGatewayTests extends GatewayWithStubs {

    @Autowired
    RouteLocator routes;

    @Test
    void theRouteStripsThePrefixInsteadOfRewritingItAndStillAnswersEveryCheckedRequest() throws Exception {
        List<Route> all = routes.getRoutes().collectList().block();
        assertThat(all).singleElement()
            .satisfies(route -> assertThat(route.getFilters().toString()).contains("StripPrefix")
                .doesNotContain("RewritePath"));
        HttpResponse<String> response = get("/service/hello", StubServices.GOOD_TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(StubServices.BACKEND_BODY);
        assertThat(get("/service/hello", "wrong-token").statusCode()).as("the auth call is still made").isEqualTo(401);
    }

    @Autowired
    RoutePredicateHandlerMapping routeMapping;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping controllerMapping;

    @Test
    void theRoutesAreAskedBeforeTheControllersAndActuatorStillAnswers() throws Exception {
        assertThat(routeMapping.getOrder()).isEqualTo(-1).isLessThan(controllerMapping.getOrder());
        assertThat(get("/actuator/health", null).statusCode()).isEqualTo(200);
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).body()).isEqualTo(StubServices.BACKEND_BODY);
        assertThat(get("/elsewhere", StubServices.GOOD_TOKEN).statusCode()).as("no route, no controller")
            .isEqualTo(404);
    }

    @Autowired
    List<HttpHeadersFilter> headersFilters;

    @Test
    void noGrpcHeaderFilterIsRegisteredNorAddsTrailersToARoutedRequest() throws Exception {
        assertThat(headersFilters).isNotEmpty()
            .noneMatch(GRPCRequestHeadersFilter.class::isInstance)
            .noneMatch(GRPCResponseHeadersFilter.class::isInstance);
        assertThat(teTheBackendSawForGrpcContent()).isEqualTo("null");
    }

    @Test
    void oneHeaderPassSwitchesOnGatewayLeansOnePassHeaderFilters() {
        // what they remove is gateway-lean's HeaderRemovalContract
        assertThat(headersFilters).hasAtLeastOneElementOfType(OnePassHeadersFilter.class)
            .noneMatch(RemoveHopByHopHeadersFilter.class::isInstance);
    }

    @Test
    void neitherReactorNettyMetricsNorTheAuthCallTimerAreRecorded() throws Exception {
        assertThat(get("/service/hello", StubServices.GOOD_TOKEN).statusCode()).isEqualTo(200);
        List<String> names = registry.getMeters().stream().map(Meter::getId).map(Meter.Id::getName).toList();
        assertThat(names).noneMatch(name -> name.startsWith("reactor.netty.http.server"))
            .noneMatch(name -> name.startsWith("reactor.netty.http.client"))
            .doesNotContain("lab.auth.call")
            .as("no flush consolidation without its profile")
            .doesNotContain("lab.gateway.flush.consolidated.connections");
    }

    @Test
    void theModeSaysWhichAllocatorTransportJdkAndCollectorTheGatewayRunsWith() {
        Gauge mode = registry.get("lab.gateway.mode").gauge();
        assertThat(mode.getId().getTag("jdk")).isEqualTo(Integer.toString(Runtime.version().feature()));
        assertThat(mode.getId().getTag("allocator")).isIn("adaptive", "pooled", "unpooled");
        assertThat(mode.getId().getTag("transport")).isIn("native", "nio");
        assertThat(mode.getId().getTag("gc")).isIn(Set.of("g1", "parallel", "serial", "z", "shenandoah"));
        assertThat(mode.getId().getTag("profiles")).contains("strip-prefix");
    }

}
