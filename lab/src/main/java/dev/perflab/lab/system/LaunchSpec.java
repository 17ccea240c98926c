package dev.perflab.lab.system;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How to start one service: its port, Spring profiles, environment, JVM options, the JDK
 * to use, and for the gateway the user's own in place of the lab's ({@code foreign}, null
 * for the lab's). Immutable; the {@code with*} methods return changed copies.
 */
public record LaunchSpec(Service service, int port, List<String> profiles, Map<String, String> environment,
        List<String> jvmOptions, Path javaHome, ForeignGateway foreign) {

    public LaunchSpec {
        profiles = List.copyOf(profiles);
        environment = Map.copyOf(environment);
        jvmOptions = List.copyOf(jvmOptions);
    }

    public static LaunchSpec of(Service service) {
        return new LaunchSpec(service, service.defaultPort(), List.of(), Map.of(), List.of(), currentJavaHome(), null);
    }

    public LaunchSpec withPort(int newPort) {
        return new LaunchSpec(service, newPort, profiles, environment, jvmOptions, javaHome, foreign);
    }

    public LaunchSpec withProfiles(List<String> newProfiles) {
        return new LaunchSpec(service, port, newProfiles, environment, jvmOptions, javaHome, foreign);
    }

    public LaunchSpec withEnv(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put(name, value);
        return new LaunchSpec(service, port, profiles, env, jvmOptions, javaHome, foreign);
    }

    public LaunchSpec withJvmOptions(List<String> options) {
        return new LaunchSpec(service, port, profiles, environment, options, javaHome, foreign);
    }

    /**
     * The same service run from the user's own gateway ({@code GATEWAY_JAR} or
     * {@code GATEWAY_IMAGE}) instead of the lab's.
     */
    public LaunchSpec withForeign(ForeignGateway gateway) {
        return new LaunchSpec(service, port, profiles, environment, jvmOptions, javaHome, gateway);
    }

    /**
     * Whether this is the user's own gateway, whose metrics and profiles the lab does not
     * know.
     */
    public boolean isForeign() {
        return foreign != null;
    }

    /**
     * JVM options as given, plus what a profile needs to start at all (BlockHound's
     * redefinition flag).
     */
    List<String> effectiveJvmOptions() {
        List<String> options = new ArrayList<>(jvmOptions);
        String flag = "-XX:+AllowRedefinitionToAddDeleteMethods";
        if (profiles.contains("blockhound") && !options.contains(flag)) {
            options.add(flag);
        }
        return options;
    }

    /** The same spec run by the JDK at {@code home}. */
    public LaunchSpec withJavaHome(Path home) {
        return new LaunchSpec(service, port, profiles, environment, jvmOptions, home, foreign);
    }

    public static Path currentJavaHome() {
        return Path.of(System.getProperty("java.home"));
    }
}
