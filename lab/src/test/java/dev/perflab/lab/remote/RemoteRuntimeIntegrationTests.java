package dev.perflab.lab.remote;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.StatsLine;
import dev.perflab.lab.stats.StatsLog;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RUNTIME=remote and kubernetes against the real apps, started by this test on free
 * loopback ports as "a system the lab did not start": the lab measures them through the
 * REMOTE file's addresses, samples their CPU from Prometheus, and leaves them running.
 * Kubernetes uses a kubectl on PATH that records its arguments, so the test needs no
 * cluster.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class RemoteRuntimeIntegrationTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final List<String> TEST_JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private static final String[] SHORT = { "--duration", "3s", "--warmup-max", "1s", "--warmup-probe", "1s",
            "--threads", "1", "--connections", "4" };

    @TempDir
    static Path temp;

    private static LabSystem apps;

    private static Path remoteFile;

    private Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void startTheRemoteSystem() throws IOException {
        int business = freePort();
        int auth = freePort();
        int gateway = freePort();
        apps = LabSystem.start(new ServiceLauncher(ROOT, temp.resolve("apps")), List.of(
                LaunchSpec.of(Service.BUSINESS).withPort(business).withJvmOptions(TEST_JVM),
                LaunchSpec.of(Service.AUTH).withPort(auth).withJvmOptions(TEST_JVM).withEnv("AUTH_LATENCY", "0"),
                LaunchSpec.of(Service.GATEWAY)
                    .withPort(gateway)
                    .withJvmOptions(TEST_JVM)
                    .withEnv("BUSINESS_URL", "http://127.0.0.1:" + business)
                    .withEnv("AUTH_URL", "http://127.0.0.1:" + auth)),
                java.time.Duration.ofSeconds(120));
        remoteFile = temp.resolve("remote.yml");
        Files.writeString(remoteFile, """
                gateway:
                  url: http://127.0.0.1:%1$d/service/hello
                  prometheus: http://127.0.0.1:%1$d/actuator/prometheus
                business-service:
                  url: http://127.0.0.1:%2$d/hello
                  prometheus: http://127.0.0.1:%2$d/actuator/prometheus
                auth-service:
                  prometheus: http://127.0.0.1:%3$d/actuator/prometheus
                """.formatted(gateway, business, auth));
    }

    @AfterAll
    static void stop() {
        if (apps != null) {
            apps.close();
        }
    }

    @BeforeEach
    void folder() throws IOException {
        results = Files.createTempDirectory(temp, "results");
    }

    @Test
    void gatewayTestMeasuresTheRemoteSystemWithCpuFromPrometheusAndStopsNothing() throws IOException {
        assertThat(run("gateway-test", "--runtime", "remote", "--remote", remoteFile.toString())).as(err.toString())
            .isZero();
        Path run = results.resolve("latest").toRealPath();

        JsonNode info = RunFolder.JSON.readTree(run.resolve("run.json").toFile());
        assertThat(info.path("runtime").asString()).isEqualTo("remote");
        assertThat(info.path("parameters").path("remote").path("gateway").asString())
            .isEqualTo(url(Service.GATEWAY, "/service/hello"));
        assertThat(info.path("parameters").path("system").asString()).startsWith("not started by the lab");

        JsonNode rung = RunFolder.JSON.readTree(run.resolve("summary.json").toFile()).path("rungs").get(0);
        assertThat(rung.path("name").asString()).isEqualTo("gateway");
        assertThat(rung.path("rps").asDouble()).as(rung.toString()).isPositive();
        assertThat(rung.path("mode").path("auth_client").asString()).as("read from the gateway's own metric")
            .isEqualTo("reactive");

        StatsLog stats = StatsLog.read(run.resolve("stats.log"));
        assertThat(stats.byService()).containsOnlyKeys("gateway", "auth-service", "business-service");
        for (List<StatsLine> lines : stats.byService().values()) {
            assertThat(lines).allSatisfy(line -> assertThat(line.memBytes()).isPositive());
            assertThat(lines.stream().mapToDouble(StatsLine::cpuPercent).max().orElse(0)).as(lines.get(0).name())
                .isPositive();
        }
        assertThat(Files.readAllLines(run.resolve("stats.log")))
            .allSatisfy(line -> assertThat(StatsLine.parse(line)).isPresent());
        assertThat(rung.path("cpu").path("gateway").asDouble()).isPositive();
        assertThat(Files.readString(run.resolve("report.md"))).contains("the system was not started by the lab");

        for (RunningService app : apps.services()) {
            assertThat(app.process().isAlive()).as(app.service() + " still runs").isTrue();
            assertThat(LabHttp.get(app.uri("/actuator/health")).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aRemoteThatStopsAnsweringFailsItsRungInOneLineAndKeepsWhatWasMeasured() throws Exception {
        // the gateway's metrics through a forwarder that closes once the gateway rung's
        // measured window has begun
        com.sun.net.httpserver.HttpServer forwarder = com.sun.net.httpserver.HttpServer
            .create(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        String gatewayBase = "http://127.0.0.1:" + apps.get(Service.GATEWAY).spec().port();
        forwarder.createContext("/", exchange -> {
            try (exchange) {
                var answer = LabHttp.get(java.net.URI.create(gatewayBase + exchange.getRequestURI()));
                byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(answer.statusCode(), body.length);
                exchange.getResponseBody().write(body);
            }
        });
        forwarder.start();
        // the gateway's metrics, as the REMOTE file names them, once they stop answering
        String stopped = "http://127.0.0.1:" + forwarder.getAddress().getPort() + "/actuator/";
        Path file = temp.resolve("stops.yml");
        Files.writeString(file,
                Files.readString(remoteFile)
                    .replace(gatewayBase + "/actuator/prometheus",
                            "http://127.0.0.1:" + forwarder.getAddress().getPort() + "/actuator/prometheus"));
        Thread closer = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    try (var files = Files.walk(results)) {
                        if (files.anyMatch(f -> f.endsWith(Path.of("gateway", "stats.log")))) {
                            forwarder.stop(0);
                            return;
                        }
                    }
                    catch (IOException | java.io.UncheckedIOException racing) {
                        // the run is writing; look again
                    }
                    Thread.sleep(100);
                }
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        });
        closer.start();
        try {
            // without the fixed-rate phase, about 23 s of the baseline rung that this
            // test
            // does not look at
            assertThat(run("lab", "--runtime", "remote", "--remote", file.toString(), "--only", "baseline,reactive",
                    "--cpu-rate", "0"))
                .isNotZero();
        }
        finally {
            closer.interrupt();
            forwarder.stop(0);
        }
        // the first read that fails ends the rung: a scrape, or the gateway's own time
        // counters read at the closed loop's end
        assertThat(err.toString().strip()).hasLineCount(1).startsWith("lab: rung gateway: cannot ").contains(stopped);
        Path run = results.resolve("latest").toRealPath();
        JsonNode rungs = RunFolder.JSON.readTree(run.resolve("summary.json").toFile()).path("rungs");
        assertThat(rungs.get(0).path("name").asString()).isEqualTo("baseline");
        assertThat(rungs.get(0).path("rps").asDouble()).as("the earlier rung is kept").isPositive();
        assertThat(Files.readString(run.resolve("error.txt"))).startsWith("rung gateway: cannot ").contains(stopped);
        assertThat(run.resolve("report.md")).exists();
        assertThat(Files.readString(run.resolve("gateway/wrk.txt"))).as("the rung's own measurement is kept")
            .contains("Requests/sec");
        assertThat(StatsLog.read(run.resolve("gateway/stats.log")).byService()).containsKeys("auth-service",
                "business-service");
        assertThat(apps.services()).allSatisfy(app -> assertThat(app.process().isAlive()).isTrue());
    }

    @Test
    void faultsPostedToTheRemoteAuthServiceAreUndoneWhenTheRunIsStoppedMidWindow() throws Exception {
        Path withAuth = temp.resolve("remote-with-auth.yml");
        Files.writeString(withAuth, Files.readString(remoteFile)
            .replace("auth-service:\n", "auth-service:\n  url: " + url(Service.AUTH, "") + "\n"));
        java.net.URI admin = java.net.URI.create(url(Service.AUTH, "/admin/fault"));
        String before = RunFolder.JSON.readTree(LabHttp.get(admin).body()).path("latency").asString();
        Path output = results.resolve("runner.out");
        // a runner of its own, from this build's classes, to be stopped with SIGTERM as
        // Ctrl-C stops it (both run the exit hooks); the window is far longer than the
        // test waits
        Process runner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LabCommand.class.getName(), "gateway-test", "--runtime",
                "remote", "--remote", withAuth.toString(), "--results", results.toString(), "--root", ROOT.toString(),
                "--duration", "60s", "--cpu-rate", "0", "--faults", "1s:latency=25ms", "--warmup-max", "1s",
                "--warmup-probe", "1s", "--threads", "1", "--connections", "2")
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!Files.readString(output).contains("    fault at ")) {
                assertThat(runner.isAlive()).as("the runner ended early: " + Files.readString(output)).isTrue();
                assertThat(System.nanoTime()).as("no fault posted within 2 minutes: " + Files.readString(output))
                    .isLessThan(deadline);
                Thread.sleep(200);
            }
            assertThat(RunFolder.JSON.readTree(LabHttp.get(admin).body()).path("latency").asString())
                .as("in force mid-window")
                .isEqualTo("25ms");
            runner.destroy();
            assertThat(runner.waitFor(60, TimeUnit.SECONDS)).as("the runner ended after SIGTERM").isTrue();
        }
        finally {
            runner.destroyForcibly();
        }
        // restored by the exit hook, or by the rung's own end when SIGTERM ended wrk
        // first: either way before the runner exits
        assertThat(Files.readString(output)).containsPattern("    fault (on exit|after the window), restored: latency="
                + java.util.regex.Pattern.quote(before) + "&errorRate=0.0 -> 200");
        assertThat(RunFolder.JSON.readTree(LabHttp.get(admin).body()).path("latency").asString())
            .as("auth-service's latency after the stopped run")
            .isEqualTo(before);
        assertThat(LabHttp.get(java.net.URI.create(url(Service.GATEWAY, "/actuator/health"))).statusCode())
            .as("the remote system keeps running")
            .isEqualTo(200);
    }

    @Test
    void aRemoteThatDoesNotAnswerIsOneLineNamingItsAddress() throws IOException {
        int closed = freePort();
        Path file = temp.resolve("closed.yml");
        Files.writeString(file, Files.readString(remoteFile)
            .replace(":" + apps.get(Service.AUTH).spec().port() + "/", ":" + closed + "/"));
        assertThat(run("gateway-test", "--runtime", "remote", "--remote", file.toString())).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: auth-service's Prometheus endpoint at http://127.0.0.1:" + closed
                    + "/actuator/prometheus does not answer");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void aMissingAddressIsOneLineNamingTheKey() throws IOException {
        Path file = temp.resolve("missing.yml");
        Files.writeString(file, Files.readString(remoteFile).replaceAll("(?m)^  url: .*/service/hello\\n", ""));
        assertThat(run("baseline", "--runtime", "remote", "--remote", file.toString())).isNotZero();
        assertThat(err.toString().strip())
            .isEqualTo("lab: REMOTE file " + file + ": gateway.url is missing (see lab/remote.example.yml)");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void kubernetesAppliesEachRungsOverlayAndWaitsForItsRolloutBeforeMeasuring() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("fake-bin"));
        Path calls = temp.resolve("kubectl-calls.txt");
        Path kubectl = bin.resolve("kubectl");
        Files.writeString(kubectl, "#!/bin/sh\necho \"$*\" >> '" + calls + "'\n"
                + "if [ \"$1\" = version ]; then echo 'Client Version: v1.32.0'; fi\n");
        Files.setPosixFilePermissions(kubectl, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path ladder = temp.resolve("ladder.yml");
        Files.writeString(ladder, """
                rungs:
                  - name: baseline
                    target: backend
                  - name: blocking
                    profiles: [blocking]
                  - name: rid-fast
                    profiles: [reactive, log-quiet, rid-fast]
                """);
        Files.writeString(remoteFile.resolveSibling("k8s.yml"), Files.readString(remoteFile) + """
                kubernetes:
                  context: kind-perflab
                  namespace: perflab
                  rollout_timeout: 90s
                """);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LabCommand.class.getName(), "lab", "--runtime", "kubernetes",
                "--remote", remoteFile.resolveSibling("k8s.yml").toString(), "--scenarios", ladder.toString(), "--root",
                ROOT.toString(), "--results", results.toString(), "--cpu-rate", "0"));
        command.addAll(List.of(SHORT));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process lab = builder.start();
        String output = new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lab.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(lab.exitValue()).as(output).isZero();

        String k = "--context kind-perflab --namespace perflab ";
        List<String> rollouts = List.of(k + "rollout status deployment/business-service --timeout=90s",
                k + "rollout status deployment/auth-service --timeout=90s",
                k + "rollout status deployment/gateway --timeout=90s");
        List<String> expected = new ArrayList<>(
                List.of("version --client", k + "apply -k " + ROOT.resolve("deploy/k8s/base")));
        expected.addAll(rollouts);
        expected.add(k + "apply -k " + ROOT.resolve("deploy/k8s/overlays/blocking"));
        expected.addAll(rollouts);
        assertThat(Files.readAllLines(calls)).as(output).containsExactlyElementsOf(expected);

        Path run = results.resolve("latest").toRealPath();
        assertThat(RunFolder.JSON.readTree(run.resolve("run.json").toFile()).path("runtime").asString())
            .isEqualTo("kubernetes");
        JsonNode rungs = RunFolder.JSON.readTree(run.resolve("summary.json").toFile()).path("rungs");
        assertThat(rungs.get(0).path("rps").asDouble()).isPositive();
        assertThat(rungs.get(1).path("rps").asDouble()).isPositive();
        assertThat(StatsLog.read(run.resolve("blocking/stats.log")).byService()).containsOnlyKeys("gateway",
                "auth-service", "business-service");
        assertThat(rungs.get(2).path("skipped").asString())
            .startsWith("no overlay in deploy/k8s/overlays for rung rid-fast");
        assertThat(apps.services()).allSatisfy(app -> assertThat(app.process().isAlive()).isTrue());
    }

    private static String url(Service service, String path) {
        return "http://127.0.0.1:" + apps.get(service).spec().port() + path;
    }

    private int run(String... args) {
        List<String> full = new ArrayList<>(List.of(args));
        full.addAll(List.of("--results", results.toString(), "--root", ROOT.toString()));
        full.addAll(List.of(SHORT));
        CommandLine commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(full.toArray(String[]::new));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

}
