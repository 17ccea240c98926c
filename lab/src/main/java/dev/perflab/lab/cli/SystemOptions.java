package dev.perflab.lab.cli;

import dev.perflab.common.LatencySpec;
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

    @Mixin
    AppOptions apps = new AppOptions();

    @Mixin
    ProfilesOption gatewayProfiles = new ProfilesOption();

    /** GATEWAY_JAR and GATEWAY_IMAGE: your own gateway in place of the lab's. */
    @Mixin
    OwnGatewayOptions own = new OwnGatewayOptions();

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

    public Path root() {
        return apps.root();
    }

    public Path results() {
        return apps.results();
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
        return apps.authLatency();
    }

    public String javaOpts() {
        return apps.javaOpts();
    }

    public String gatewayJavaOpts() {
        return apps.gatewayJavaOpts();
    }

    public List<String> profiles() {
        return gatewayProfiles.profiles();
    }

    /** GATEWAY_JAR, trimmed; empty for none. */
    public String gatewayJar() {
        return own.jar();
    }

    /** GATEWAY_IMAGE, trimmed; empty for none. */
    public String gatewayImage() {
        return own.image();
    }

    /**
     * Checks every option of the system once, before anything starts: RUNTIME,
     * HEALTH_TIMEOUT, AUTH_LATENCY, PIN, ROUTE and TOKEN_HEADER; one line for the first
     * that is wrong.
     */
    public void validate() {
        kind();
        apps.validate();
        // PIN: auto or off
        Placement.decide(pin, Runtime.getRuntime().availableProcessors(), false);
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
        return apps.healthTimeout();
    }

    /** ROUTE: where the load goes through the gateway, a path starting with /. */
    public String route() {
        return apps.route();
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
        return apps.tokenHeader();
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
