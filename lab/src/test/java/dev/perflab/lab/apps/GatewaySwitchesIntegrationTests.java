package dev.perflab.lab.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import static dev.perflab.lab.apps.RealApps.TOKEN;
import static dev.perflab.lab.apps.RealApps.get;
import static dev.perflab.lab.apps.RealApps.settle;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The logging, request-id, auth-cache and loop-pools profiles each do what they say, seen
 * from outside the gateway.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class GatewaySwitchesIntegrationTests extends WithRealApps {

    private static final String UUID_V4 = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

    private static final String ASYNC_WORKER = "AsyncAppender-Worker-REQUESTS_ASYNC";

    @Test
    void logSyncWritesTwoLinesPerRequestFromTheEventLoop() {
        LaunchSpec spec = apps.gatewaySpec(List.of("reactive", "log-sync"));
        try (LabSystem system = apps.gateway(spec)) {
            RunningService gateway = system.get(Service.GATEWAY);
            sendGood(gateway, 3);
            // The end line is written when the exchange completes, which may be just
            // after the client has its answer
            assertThat(settle(() -> requestLog(spec).size(), 6)).isEqualTo(6);
            List<String> lines = requestLog(spec);
            assertThat(lines).filteredOn(line -> line.contains("start GET /service/hello")).hasSize(3);
            assertThat(lines).filteredOn(line -> line.contains("end GET /service/hello status=200")).hasSize(3);
            assertThat(lines).allSatisfy(line -> assertThat(line).contains("[reactor-http-"));
            assertThat(threadDump(gateway)).doesNotContain(ASYNC_WORKER);
        }
    }

    @Test
    void logAsyncWritesTheSameLinesThroughAnAsyncAppenderThread() {
        LaunchSpec spec = apps.gatewaySpec(List.of("reactive", "log-async"));
        try (LabSystem system = apps.gateway(spec)) {
            RunningService gateway = system.get(Service.GATEWAY);
            sendGood(gateway, 3);
            assertThat(settle(() -> requestLog(spec).size(), 6)).isEqualTo(6);
            assertThat(threadDump(gateway)).contains(ASYNC_WORKER);
        }
    }

    @Test
    void ridUuidSendsARandomUuidDownstream() {
        try (LabSystem system = apps.gateway(List.of("rid-uuid", "log-quiet"))) {
            List<String> ids = requestIds(system.get(Service.GATEWAY));
            assertThat(ids).allSatisfy(id -> assertThat(id).matches(UUID_V4)).doesNotHaveDuplicates();
        }
    }

    @Test
    void ridLeanSendsTheIdTheRequestLogWroteDownstream() {
        LaunchSpec spec = apps.gatewaySpec(List.of("reactive", "log-sync", "rid-lean"));
        try (LabSystem system = apps.gateway(spec)) {
            List<String> ids = requestIds(system.get(Service.GATEWAY));
            assertThat(ids).allSatisfy(id -> assertThat(id).matches("[0-9a-f]{16}")).doesNotHaveDuplicates();
            assertThat(settle(() -> requestLog(spec).size(), 2 * ids.size())).isEqualTo(2 * ids.size());
            List<String> starts = requestLog(spec).stream().filter(line -> line.contains("start GET")).toList();
            assertThat(starts).hasSize(ids.size());
            for (String id : ids) {
                assertThat(starts).filteredOn(line -> line.endsWith("rid=" + id)).hasSize(1);
            }
        }
    }

    @Test
    void authCacheAsksAuthServiceOnceForARepeatedToken() {
        try (LabSystem system = apps.gateway(List.of("auth-cache", "log-quiet"))) {
            RunningService gateway = system.get(Service.GATEWAY);
            double authCalls = apps.authCallCount();
            for (int i = 0; i < 5; i++) {
                assertThat(get(gateway, "/service/hello", TOKEN).body()).isEqualTo("Hello World!");
            }
            assertThat(get(gateway, "/service/hello", Map.of("Authorization", "Bearer nope")).statusCode())
                .isEqualTo(401);
            assertThat(get(gateway, "/service/hello", Map.of("Authorization", "Bearer nope")).statusCode())
                .isEqualTo(401);
            // one call for the good token, and every rejected one is asked again
            assertThat(settle(apps::authCallCount, authCalls + 3)).isEqualTo(authCalls + 3);
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(metrics.count("lab.auth.cache.requests", Map.of("result", "hit"))).isEqualTo(4);
            assertThat(metrics.tags("lab.gateway.mode")).containsEntry("auth_cache", List.of("on"));
        }
    }

    @Test
    void authCacheSendsOneAuthCallForRequestsThatMissTogether() throws Exception {
        try (LabSystem system = apps.gateway(List.of("auth-cache", "log-quiet"))) {
            RunningService gateway = system.get(Service.GATEWAY);
            double authCalls = apps.authCallCount();
            apps.setAuthFaults("latency=400ms");
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            try {
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                for (int i = 0; i < 8; i++) {
                    HttpRequest request = HttpRequest.newBuilder(gateway.uri("/service/hello"))
                        .timeout(Duration.ofSeconds(15))
                        .header("Authorization", TOKEN.get("Authorization"))
                        .build();
                    answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
                }
                for (CompletableFuture<HttpResponse<String>> answer : answers) {
                    assertThat(answer.get(20, TimeUnit.SECONDS).body()).isEqualTo("Hello World!");
                }
            }
            finally {
                apps.setAuthFaults("latency=0");
            }
            // eight requests arrived within the 400 ms the first auth call took: one call
            // for all
            assertThat(settle(apps::authCallCount, authCalls + 1)).isEqualTo(authCalls + 1);
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(metrics.count("lab.auth.cache.requests", Map.of("result", "miss"))).isEqualTo(1);
            assertThat(metrics.count("lab.auth.cache.requests", Map.of("result", "joined"))).isEqualTo(7);
        }
    }

    @Test
    void loopPoolsRunOneEventLoopPerCoreEachWithItsOwnPools() {
        try (LabSystem system = apps.gateway(List.of("reactive", "loop-pools", "log-quiet"))) {
            RunningService gateway = system.get(Service.GATEWAY);
            sendGood(gateway, 5);
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(metrics.tags("lab.gateway.mode")).containsEntry("loop_pools", List.of("on"));
            assertThat(metrics.statistic("lab.gateway.event.loop.threads", Map.of(), "VALUE"))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
            // Reactor Netty's pool gauges name each pool: the auth pools are named after
            // their event loop
            assertThat(metrics.tags("reactor.netty.connection.provider.active.connections").get("name"))
                .anySatisfy(name -> assertThat(name).startsWith("auth-reactor-http-epoll-"))
                .doesNotContain("auth");
        }
    }

    /**
     * One gateway for the three switches that leave nothing behind to read but their own
     * effect: log-quiet, rid-fast, and loop-pools left off. Each started a gateway of its
     * own before (about 7 s a start); none reads what the others' requests did.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class QuietLogFastIdsDefaultLoops {

        private LaunchSpec spec;

        private LabSystem system;

        private RunningService gateway;

        @BeforeAll
        void start() {
            spec = apps.gatewaySpec(List.of("reactive", "log-quiet", "rid-fast"));
            system = apps.gateway(spec);
            gateway = system.get(Service.GATEWAY);
        }

        @AfterAll
        void stop() {
            if (system != null) {
                system.close();
            }
        }

        @Test
        void logQuietWritesNoRequestLines() {
            sendGood(gateway, 3);
            RealApps.pause(500);
            assertThat(requestLog(spec)).isEmpty();
        }

        @Test
        void ridFastSendsSixteenHexDigitsDownstream() {
            List<String> ids = requestIds(gateway);
            assertThat(ids).allSatisfy(id -> assertThat(id).matches("[0-9a-f]{16}")).doesNotHaveDuplicates();
        }

        @Test
        void withoutLoopPoolsTheGatewayKeepsReactorNettysDefaults() {
            sendGood(gateway, 2);
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            assertThat(metrics.tags("lab.gateway.mode")).containsEntry("loop_pools", List.of("off"));
            assertThat(metrics.statistic("lab.gateway.event.loop.threads", Map.of(), "VALUE"))
                .isEqualTo(Math.max(4, Runtime.getRuntime().availableProcessors()));
            assertThat(metrics.tags("reactor.netty.connection.provider.active.connections").get("name"))
                .contains("auth");
        }

    }

    private static void sendGood(RunningService gateway, int count) {
        for (int i = 0; i < count; i++) {
            assertThat(get(gateway, "/service/hello", TOKEN).statusCode()).isEqualTo(200);
        }
    }

    private static List<String> requestIds(RunningService gateway) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(get(gateway, "/service/hello", TOKEN).headers().firstValue("X-Request-Id").orElse("(none)"));
        }
        return ids;
    }

    private static List<String> requestLog(LaunchSpec spec) {
        Path file = apps.gatewayLogDir(spec).resolve("gateway-requests.log");
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * The gateway's threads, from the JDK's own jcmd: shows whether an AsyncAppender
     * worker exists.
     */
    private static String threadDump(RunningService gateway) {
        Path jcmd = gateway.spec().javaHome().resolve("bin/jcmd");
        Commands.Result dump = Commands.run(List.of(jcmd.toString(), Long.toString(gateway.pid()), "Thread.print"),
                null, Duration.ofSeconds(30));
        assertThat(dump.exit()).as(dump.output()).isZero();
        assertThat(dump.output()).as("jcmd output").contains("reactor-http-");
        return dump.output();
    }

}
