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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
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

    /**
     * A gateway that starts and stops with its nested class: the switches of one class go
     * together on one gateway (about 7 s a start), each test reading only what its own
     * requests did.
     */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract class OneGateway {

        LaunchSpec spec;

        LabSystem system;

        RunningService gateway;

        abstract List<String> profiles();

        @BeforeAll
        void start() {
            spec = apps.gatewaySpec(profiles());
            system = apps.gateway(spec);
            gateway = system.get(Service.GATEWAY);
        }

        @AfterAll
        void stop() {
            if (system != null) {
                system.close();
            }
        }

        /**
         * The request-log lines written after the first {@code before}, once there are
         * {@code count} of them.
         */
        List<String> newLines(int before, int count) {
            assertThat(settle(() -> requestLog(spec).size(), before + count)).isEqualTo(before + count);
            List<String> lines = requestLog(spec);
            return lines.subList(before, lines.size());
        }

    }

    /**
     * log-sync and rid-lean on one gateway: rid-lean changes only the id the log line
     * ends with, which the log-sync test does not read.
     */
    @Nested
    class SyncLogLeanIds extends OneGateway {

        @Override
        List<String> profiles() {
            return List.of("reactive", "log-sync", "rid-lean");
        }

        @Test
        void logSyncWritesTwoLinesPerRequestFromTheEventLoop() {
            int before = requestLog(spec).size();
            sendGood(gateway, 3);
            // The end line is written when the exchange completes, which may be just
            // after the client has its answer
            List<String> lines = newLines(before, 6);
            assertThat(lines).filteredOn(line -> line.contains("start GET /service/hello")).hasSize(3);
            assertThat(lines).filteredOn(line -> line.contains("end GET /service/hello status=200")).hasSize(3);
            assertThat(lines).allSatisfy(line -> assertThat(line).contains("[reactor-http-"));
            assertThat(threadDump(gateway)).doesNotContain(ASYNC_WORKER);
        }

        @Test
        void ridLeanSendsTheIdTheRequestLogWroteDownstream() {
            int before = requestLog(spec).size();
            List<String> ids = requestIds(gateway);
            assertThat(ids).allSatisfy(id -> assertThat(id).matches("[0-9a-f]{16}")).doesNotHaveDuplicates();
            List<String> starts = newLines(before, 2 * ids.size()).stream()
                .filter(line -> line.contains("start GET"))
                .toList();
            assertThat(starts).hasSize(ids.size());
            for (String id : ids) {
                assertThat(starts).filteredOn(line -> line.endsWith("rid=" + id)).hasSize(1);
            }
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

    /**
     * The auth cache's two tests on one gateway: the requests that miss together run
     * first, on the cold cache they need; the repeated token's counts hold whether the
     * token is cached before it or not.
     */
    @Nested
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    class AuthCache extends OneGateway {

        @Override
        List<String> profiles() {
            return List.of("auth-cache", "log-quiet");
        }

        @Test
        @Order(1)
        void authCacheSendsOneAuthCallForRequestsThatMissTogether() throws Exception {
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

        @Test
        @Order(2)
        void authCacheAsksAuthServiceOnceForARepeatedToken() {
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            double authCalls = apps.authCallCount();
            double hits = metrics.count("lab.auth.cache.requests", Map.of("result", "hit"));
            double misses = metrics.count("lab.auth.cache.requests", Map.of("result", "miss"));
            for (int i = 0; i < 5; i++) {
                assertThat(get(gateway, "/service/hello", TOKEN).body()).isEqualTo("Hello World!");
            }
            assertThat(get(gateway, "/service/hello", Map.of("Authorization", "Bearer nope")).statusCode())
                .isEqualTo(401);
            assertThat(get(gateway, "/service/hello", Map.of("Authorization", "Bearer nope")).statusCode())
                .isEqualTo(401);
            // the good token missed at most once (not at all when the test before cached
            // it): one call for it then, none for its repeats, and every rejected token
            // is
            // asked again
            double goodMisses = metrics.count("lab.auth.cache.requests", Map.of("result", "miss")) - misses - 2;
            assertThat(goodMisses).as("misses of the good token").isBetween(0.0, 1.0);
            assertThat(settle(apps::authCallCount, authCalls + goodMisses + 2)).isEqualTo(authCalls + goodMisses + 2);
            assertThat(metrics.count("lab.auth.cache.requests", Map.of("result", "hit")))
                .isEqualTo(hits + 5 - goodMisses);
            assertThat(metrics.tags("lab.gateway.mode")).containsEntry("auth_cache", List.of("on"));
        }

    }

    /**
     * loop-pools and rid-uuid on one gateway: the request id is made before the route's
     * call, whichever event loop and pool it takes.
     */
    @Nested
    class LoopPoolsUuidIds extends OneGateway {

        @Override
        List<String> profiles() {
            return List.of("reactive", "loop-pools", "log-quiet", "rid-uuid");
        }

        @Test
        void ridUuidSendsARandomUuidDownstream() {
            List<String> ids = requestIds(gateway);
            assertThat(ids).allSatisfy(id -> assertThat(id).matches(UUID_V4)).doesNotHaveDuplicates();
        }

        @Test
        void loopPoolsRunOneEventLoopPerCoreEachWithItsOwnPools() {
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
    class QuietLogFastIdsDefaultLoops extends OneGateway {

        @Override
        List<String> profiles() {
            return List.of("reactive", "log-quiet", "rid-fast");
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
