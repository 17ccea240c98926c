package dev.perflab.lab.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;

import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;

/**
 * The real business-service and auth-service jars, started once per test class on test
 * ports below Linux's ephemeral range (32768-60999), so no client socket of an earlier
 * test can hold them, and gateways started against them with the profiles a test asks
 * for. Stops only what it started.
 */
final class RealApps implements AutoCloseable {

    static final int GATEWAY_PORT = 29071;
    static final int BUSINESS_PORT = 29072;
    static final int AUTH_PORT = 29073;
    static final int CLOSED_PORT = 29079;
    static final List<String> TEST_JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    static final Duration HEALTH_LIMIT = Duration.ofSeconds(120);
    static final Map<String, String> TOKEN = Map.of("Authorization", "Bearer lab-token");

    final Path root = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    final Path logDir;

    private final LabSystem backends;

    private RealApps(String name) {
        this.logDir = root.resolve("lab/target/system-tests").resolve(name);
        deleteRecursively(logDir);
        this.backends = LabSystem.start(new ServiceLauncher(root, logDir), List.of(
                LaunchSpec.of(Service.BUSINESS).withPort(BUSINESS_PORT).withJvmOptions(TEST_JVM),
                LaunchSpec.of(Service.AUTH).withPort(AUTH_PORT).withJvmOptions(TEST_JVM).withEnv("AUTH_LATENCY", "0")),
                HEALTH_LIMIT);
    }

    static RealApps start(Class<?> testClass) {
        return new RealApps(testClass.getSimpleName());
    }

    RunningService business() {
        return backends.get(Service.BUSINESS);
    }

    RunningService auth() {
        return backends.get(Service.AUTH);
    }

    LaunchSpec gatewaySpec(List<String> profiles) {
        return LaunchSpec.of(Service.GATEWAY)
            .withPort(GATEWAY_PORT)
            .withJvmOptions(TEST_JVM)
            .withProfiles(profiles)
            .withEnv("BUSINESS_URL", business().baseUri().toString())
            .withEnv("AUTH_URL", auth().baseUri().toString());
    }

    /**
     * Starts a gateway; close the returned system to stop it. Its logs go to a folder of
     * its own.
     */
    LabSystem gateway(LaunchSpec spec) {
        return LabSystem.start(new ServiceLauncher(root, gatewayLogDir(spec)), List.of(spec), HEALTH_LIMIT);
    }

    LabSystem gateway(List<String> profiles) {
        return gateway(gatewaySpec(profiles));
    }

    Path gatewayLogDir(LaunchSpec spec) {
        String name = spec.profiles().isEmpty() ? "default" : String.join("+", spec.profiles());
        return logDir.resolve("gateway-" + name + "-" + spec.environment().hashCode());
    }

    double backendHelloCount() {
        return new ActuatorMetrics(business().baseUri()).count("http.server.requests", Map.of("uri", "/hello"));
    }

    double authCallCount() {
        return new ActuatorMetrics(auth().baseUri()).count("http.server.requests", Map.of("uri", "/auth"));
    }

    void setAuthFaults(String query) {
        try {
            HttpResponse<String> response = LabHttp.post(auth().uri("/admin/fault?" + query));
            if (response.statusCode() != 200) {
                throw new IllegalStateException("auth-service refused " + query + ": " + response.body());
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static HttpResponse<String> get(RunningService service, String path, Map<String, String> headers) {
        try {
            return LabHttp.get(service.uri(path), headers);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Server-side request metrics are recorded just after the response is sent: waits
     * until the reading reaches {@code expected} (or the time is up) and returns the last
     * reading, then reads once more after a pause so a late extra count would show.
     */
    static double settle(DoubleSupplier reading, double expected) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        double value = reading.getAsDouble();
        while (value < expected && System.nanoTime() < deadline) {
            pause(100);
            value = reading.getAsDouble();
        }
        pause(300);
        return reading.getAsDouble();
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A JDK of at least this feature version: LAB_TEST_JDK21_HOME, else one under
     * /usr/lib/jvm.
     */
    static Optional<Path> jdkAtLeast(int feature) {
        String configured = System.getenv("LAB_TEST_JDK21_HOME");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured));
        }
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            return homes.filter(home -> Files.isExecutable(home.resolve("bin/java")))
                .filter(home -> featureOf(home) >= feature)
                .sorted()
                .findFirst();
        }
        catch (IOException ex) {
            return Optional.empty();
        }
    }

    private static int featureOf(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(version.split("[.+-]")[0]);
                }
            }
        }
        catch (IOException | NumberFormatException ex) {
            return 0;
        }
        return 0;
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public void close() {
        backends.close();
    }

}
