package dev.perflab.lab.cli;

import dev.perflab.common.LatencySpec;
import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.runtime.ComposeRuntime;
import dev.perflab.lab.runtime.KubernetesRuntime;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.runtime.LocalRuntime;
import dev.perflab.lab.runtime.RemoteRuntime;
import dev.perflab.lab.runtime.RuntimeKind;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.InstalledTools;
import dev.perflab.lab.system.KubernetesRollout;
import dev.perflab.lab.system.Placement;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.system.Service;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.net.URI;

/** Options every command that starts the system shares. */
public class SystemOptions {

    @Option(names = "--root", defaultValue = "${sys:lab.root:-.}",
            description = "Repository root, where the app jars are built (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--results", defaultValue = "results",
            description = "Folder for results and logs (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = { "--gateway-profiles", "--profiles" }, defaultValue = "${env:GATEWAY_PROFILES:-}",
            split = "[,\\s]+",
            description = "Gateway Spring profiles (GATEWAY_PROFILES, once PROFILES), comma- or space-separated, e.g. blocking,log-quiet (default: none, i.e. reactive).")
    List<String> profiles = List.of();

    @Option(names = "--auth-latency", defaultValue = "${env:AUTH_LATENCY:-1ms}",
            description = "Latency auth-service injects per check: 1ms, 0.5ms-2ms, 0 (default: ${DEFAULT-VALUE}).")
    String authLatency;

    @Option(names = "--java-opts", defaultValue = "${env:JAVA_OPTS:--Xms1g -Xmx1g}",
            description = "JVM options for each app (default: ${DEFAULT-VALUE}).")
    String javaOpts;

    @Option(names = "--gateway-java-opts", defaultValue = "${env:GATEWAY_JAVA_OPTS:-}",
            description = "JVM options for the gateway only, after --java-opts (default: none).")
    String gatewayJavaOpts;

    @Mixin
    RuntimeOption runtime = new RuntimeOption();

    @Option(names = "--remote", defaultValue = "${env:REMOTE:-lab/remote.yml}",
            description = "For RUNTIME=remote and kubernetes: the addresses of the system to measure (see lab/remote.example.yml; default: ${DEFAULT-VALUE} under --root).")
    Path remoteFile;

    @Option(names = "--compose-files", split = ",", defaultValue = "${env:COMPOSE_FILES:-docker-compose.yml}",
            description = "Compose files for RUNTIME=compose, e.g. docker-compose.yml,docker-compose.host.yml (default: ${DEFAULT-VALUE}).")
    List<String> composeFiles;

    @Option(names = "--pin", defaultValue = "${env:PIN:-auto}",
            description = "auto: on 4 cores or more the load generator gets its own cores and the apps the rest (taskset); off: they share (default: ${DEFAULT-VALUE}).")
    String pin;

    /** GATEWAY_JAR and GATEWAY_IMAGE: your own gateway in place of the lab's. */
    @Mixin
    OwnGatewayOptions own = new OwnGatewayOptions();

    @Option(names = "--route", defaultValue = "${env:ROUTE:-/service/hello}",
            description = "Path (and query) the load sends through the gateway (default: ${DEFAULT-VALUE}).")
    String route;

    @Option(names = "--token-header", defaultValue = "${env:TOKEN_HEADER:-Authorization: Bearer lab-token}",
            description = "Header line each request through the gateway carries, 'Name: value'; 'none' for none (default: ${DEFAULT-VALUE}).")
    String tokenHeader;

    @Option(names = "--health-timeout", defaultValue = "${env:HEALTH_TIMEOUT:-120s}", converter = Durations.class,
            description = "How long each app may take to become healthy, e.g. 120s or 2m (default: ${DEFAULT-VALUE}).")
    Duration healthTimeout;

    public Path root() {
        return root;
    }

    public Path results() {
        return results;
    }

    /**
     * AUTH_LATENCY (or a rung's auth_latency) as auth-service will read it; a bad one is
     * one line before anything starts.
     */
    public static void checkAuthLatency(String latency, String where) {
        try {
            LatencySpec.parse(latency);
        }
        catch (IllegalArgumentException ex) {
            throw new LabException(where + ": " + ex.getMessage());
        }
    }

    public String authLatency() {
        return authLatency;
    }

    public String javaOpts() {
        return javaOpts;
    }

    public String gatewayJavaOpts() {
        return gatewayJavaOpts == null ? "" : gatewayJavaOpts.trim();
    }

    public List<String> profiles() {
        return profiles.stream().map(String::trim).filter(p -> !p.isEmpty()).toList();
    }

    /**
     * Checks every option of the system once, before anything starts: RUNTIME,
     * HEALTH_TIMEOUT, AUTH_LATENCY, PIN, ROUTE and TOKEN_HEADER; one line for the first
     * that is wrong.
     */
    public void validate() {
        kind();
        healthTimeout();
        checkAuthLatency(authLatency, "AUTH_LATENCY");
        // PIN: auto or off
        Placement.decide(pin, Runtime.getRuntime().availableProcessors(), false);
        route();
        tokenHeader();
    }

    /** RUNTIME, typed. */
    public RuntimeKind kind() {
        return runtime.kind();
    }

    public boolean compose() {
        return kind() == RuntimeKind.COMPOSE;
    }

    /**
     * RUNTIME=remote or kubernetes: the lab measures a system it does not start or stop.
     */
    public boolean remote() {
        return kind().remote();
    }

    public boolean kubernetes() {
        return kind() == RuntimeKind.KUBERNETES;
    }

    public String runtime() {
        return kind().id();
    }

    public Duration healthTimeout() {
        if (healthTimeout.isZero()) {
            throw new LabException("HEALTH_TIMEOUT must be more than 0s");
        }
        return healthTimeout;
    }

    /** ROUTE: where the load goes through the gateway, a path starting with /. */
    public String route() {
        return checkRoute(route);
    }

    /**
     * A ROUTE as given, checked: the path it names, or one line saying why it is none.
     */
    public static String checkRoute(String route) {
        String value = route == null ? "" : route.trim();
        if (!value.startsWith("/") || value.chars().anyMatch(Character::isWhitespace)) {
            throw new LabException("ROUTE must be a path starting with /, e.g. /service/hello, not '" + route + "'");
        }
        try {
            URI.create("http://127.0.0.1" + value);
        }
        catch (IllegalArgumentException ex) {
            throw new LabException("ROUTE '" + route + "' is not a valid path: " + ex.getMessage());
        }
        return value;
    }

    /**
     * TOKEN_HEADER: the header line the load sends through the gateway, "Name: value";
     * null for none.
     */
    public String tokenHeader() {
        return checkTokenHeader(tokenHeader);
    }

    /**
     * A TOKEN_HEADER as given, checked: the header line, null for none, or one line
     * saying why it is neither.
     */
    public static String checkTokenHeader(String tokenHeader) {
        String value = tokenHeader == null ? "" : tokenHeader.trim();
        if (value.isEmpty() || value.equals("none")) {
            return null;
        }
        if (value.chars().anyMatch(c -> c < 0x20 && c != '\t' || c == 0x7f)) {
            throw new LabException("TOKEN_HEADER must be one header line without control characters (a line break "
                    + "would add a request or a target of its own)");
        }
        if (!value.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \t]*\\S.*")) {
            throw new LabException(
                    "TOKEN_HEADER must be 'Name: value', e.g. 'Authorization: Bearer lab-token' (or none), not '"
                            + tokenHeader + "'");
        }
        return value;
    }

}
