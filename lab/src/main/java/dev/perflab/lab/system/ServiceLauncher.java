package dev.perflab.lab.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;

/**
 * Starts a service jar as a JVM on 127.0.0.1, waits until its health endpoint answers UP,
 * and stops it again by its own process handle. Every failure becomes a
 * {@link LabException} naming the service, the reason and where its log is.
 */
public final class ServiceLauncher {

    private final Path root;

    private final Path logDir;

    private final Compose compose;

    private final boolean outlivesRunner;

    private final List<String> placement;

    /**
     * The variable that tells an app the runner's pid: the app exits when that process
     * ends, even on kill -9.
     */
    public static final String PARENT_PID = "LAB_PARENT_PID";

    public ServiceLauncher(Path root, Path logDir) {
        this(root, logDir, null);
    }

    /**
     * A launcher for the compose runtime when {@code compose} is set, else for local
     * JVMs.
     */
    public ServiceLauncher(Path root, Path logDir, Compose compose) {
        this(root, logDir, compose, false);
    }

    private ServiceLauncher(Path root, Path logDir, Compose compose, boolean outlivesRunner) {
        this(root, logDir, compose, outlivesRunner, List.of());
    }

    private ServiceLauncher(Path root, Path logDir, Compose compose, boolean outlivesRunner, List<String> placement) {
        this.root = root;
        this.logDir = logDir;
        this.compose = compose;
        this.outlivesRunner = outlivesRunner;
        this.placement = List.copyOf(placement);
    }

    /**
     * The same launcher for apps that keep running after the runner ends
     * ({@code make up}).
     */
    public ServiceLauncher outlivingTheRunner() {
        return new ServiceLauncher(root, logDir, compose, true, placement);
    }

    /**
     * The same launcher with each local JVM started under {@code prefix} (taskset with
     * the apps' cores; see {@link Placement}).
     */
    public ServiceLauncher pinnedWith(List<String> prefix) {
        return new ServiceLauncher(root, logDir, compose, outlivesRunner, prefix);
    }

    /**
     * Starts every service, each without waiting for the others: in the compose runtime,
     * after every image is checked, every port found free and every leftover container
     * removed (removing one while another service's {@code up} starts fails that
     * {@code up}; see {@link Compose#prepare}). Each started service goes to
     * {@code started} at once, in the order given, so that the caller, which stops them,
     * owns those already started when a later one fails.
     */
    public void startAll(List<LaunchSpec> specs, Consumer<RunningService> started) {
        if (compose != null) {
            specs.forEach(spec -> Ports.requireFree(spec.port(), spec.service().toString()));
            compose.prepare(specs);
            specs.forEach(spec -> started.accept(launchContainer(spec)));
            return;
        }
        specs.forEach(spec -> started.accept(start(spec)));
    }

    /** Whether the services start as containers (the compose runtime). */
    boolean startsContainers() {
        return compose != null;
    }

    /**
     * Removes the containers of {@code services} that this launcher started, once their
     * {@code up}s are stopped (which leaves them, stopped); nothing for local JVMs.
     */
    void removeContainers(List<Service> services) {
        if (compose != null) {
            compose.removeOwn(services, outlivesRunner);
        }
    }

    public RunningService start(LaunchSpec spec) {
        if (compose != null) {
            return startContainer(spec);
        }
        Service service = spec.service();
        Path jar = spec.isForeign() ? spec.foreign().jar() : service.jar(root);
        if (!Files.isRegularFile(jar)) {
            throw new LabException(spec.isForeign() ? "GATEWAY_JAR=" + jar + ": no such file"
                    : service + " is not built (no " + jar + "): run make build (./mvnw -DskipTests package)");
        }
        Ports.requireFree(spec.port(), service.toString());
        Path java = spec.javaHome().resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new LabException("no java at " + java + ": set JAVA_HOME to a JDK 17 or newer");
        }
        List<String> command = new ArrayList<>(placement);
        command.add(java.toString());
        command.addAll(spec.effectiveJvmOptions());
        if (spec.isForeign()) {
            // the user's jar as it is
            command.add("-jar");
            command.add(jar.toString());
        }
        else {
            command.addAll(ClassDataArchive.jarArguments(jar, java, spec.effectiveJvmOptions()));
        }
        if (spec.isForeign()) {
            // the user's gateway may set server.port in its own application.yml, which
            // outranks SERVER_PORT
            command.add("--server.port=" + spec.port());
            command.add("--server.address=127.0.0.1");
        }
        Path log = logFile(service);
        Commands.Launch launch = Commands.launch(service.id(), command)
            .output(log)
            .unsetEnv("SPRING_PROFILES_ACTIVE")
            .env("SERVER_PORT", Integer.toString(spec.port()))
            .env("SERVER_ADDRESS", "127.0.0.1")
            .env("LAB_LOG_DIR", logDir.toAbsolutePath().toString());
        if (!spec.isForeign() || outlivesRunner) {
            // the lab's apps end themselves when LAB_PARENT_PID ends; a foreign gateway
            // does not read it, so setpriv's
            // parent-death signal ends it instead (and make up's apps are meant to
            // outlive the runner)
            launch.watchesRunnerItself();
        }
        if (!outlivesRunner) {
            launch.env(PARENT_PID, Long.toString(ProcessHandle.current().pid()));
        }
        if (!spec.profiles().isEmpty()) {
            launch.env("SPRING_PROFILES_ACTIVE", String.join(",", spec.profiles()));
        }
        return new RunningService(spec, launch.env(spec.environment()).start(), log);
    }

    /**
     * The service's container, in the foreground of its own compose process: stopping
     * that process stops the container.
     */
    private RunningService startContainer(LaunchSpec spec) {
        Ports.requireFree(spec.port(), spec.service().toString());
        compose.prepare(List.of(spec));
        return launchContainer(spec);
    }

    private RunningService launchContainer(LaunchSpec spec) {
        Path log = logFile(spec.service());
        return new RunningService(spec, compose.up(spec, outlivesRunner).output(log).start(), log);
    }

    private Path logFile(Service service) {
        try {
            Files.createDirectories(logDir);
        }
        catch (IOException ex) {
            throw new LabException("cannot create the log folder " + logDir + ": " + ex.getMessage(), ex);
        }
        return logDir.resolve(service.id() + ".log");
    }

    /**
     * Waits for {@code /actuator/health} to say UP; a process that exits meanwhile fails
     * at once. A foreign gateway without that endpoint is ready once its port answers
     * HTTP at all (any status but 503, which a DOWN health endpoint answers).
     */
    public void awaitHealthy(RunningService running, Duration limit) {
        boolean foreign = running.spec().isForeign();
        awaitReady(running.child(), limit, () -> {
            HttpResponse<String> health = LabHttp.get(running.uri("/actuator/health"));
            if (foreign && health.statusCode() != 200) {
                return health.statusCode() != 503;
            }
            return health.statusCode() == 200 && health.body().contains("\"UP\"");
        }, () -> StartupFailure.describe(running),
                (foreign ? "the gateway of " + running.spec().foreign().name() : running.service()) + " did not "
                        + (foreign ? "answer on port " + running.spec().port() : "become healthy") + " within "
                        + limit.toSeconds() + " s (raise HEALTH_TIMEOUT on a slow machine); see its log: "
                        + running.log());
    }

    /** Asks whether a child serves yet; an IOException means not yet. */
    @FunctionalInterface
    public interface ReadyProbe {

        boolean ready() throws IOException;

    }

    /**
     * Polls {@code probe} until it says ready; fails with {@code whenExited} as soon as
     * the child exits, or with {@code whenLate} after {@code limit}, having stopped the
     * child.
     */
    public static void awaitReady(Commands.Child child, Duration limit, ReadyProbe probe, Supplier<String> whenExited,
            String whenLate) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!child.process().isAlive()) {
                throw new LabException(whenExited.get());
            }
            try {
                if (probe.ready()) {
                    return;
                }
            }
            catch (IOException notYet) {
                // not listening yet
            }
            sleep(200);
        }
        child.close();
        throw new LabException(whenLate);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while waiting for a service to start");
        }
    }

    /** Reads why a service exited during start-up from its log. */
    static final class StartupFailure {

        private StartupFailure() {
        }

        static String describe(RunningService running) {
            Service service = running.service();
            int exit = running.process().exitValue();
            return service + " exited during start-up (exit code " + exit + "): " + reason(service, running.log())
                    + "; log: " + running.log();
        }

        static String reason(Service service, Path log) {
            List<String> lines;
            try {
                // Compose prefixes each line with the container's name: "gateway | ..."
                lines = Files.readAllLines(log, StandardCharsets.UTF_8)
                    .stream()
                    .map(line -> line.replaceFirst("^[\\w.-]+\\s+\\|\\s?", ""))
                    .toList();
            }
            catch (IOException | UncheckedIOException ex) {
                return "its log could not be read";
            }
            for (String line : lines) {
                if (line.startsWith(service.id() + ": ")) {
                    return line.substring(service.id().length() + 2);
                }
            }
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).trim().equals("Description:")) {
                    for (int j = i + 1; j < lines.size(); j++) {
                        if (!lines.get(j).isBlank()) {
                            return lines.get(j).trim();
                        }
                    }
                }
            }
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return lines.get(i).trim();
                }
            }
            return "it printed nothing";
        }

    }

}
