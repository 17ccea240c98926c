package dev.perflab.lab.system;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How to start one service: its port, Spring profiles, environment, JVM options and the JDK to use.
 * Immutable; the {@code with*} methods return changed copies.
 */
public record LaunchSpec(Service service, int port, List<String> profiles, Map<String, String> environment,
        List<String> jvmOptions, Path javaHome) {

    public LaunchSpec {
        profiles = List.copyOf(profiles);
        environment = Map.copyOf(environment);
        jvmOptions = List.copyOf(jvmOptions);
    }

    public static LaunchSpec of(Service service) {
        return new LaunchSpec(service, service.defaultPort(), List.of(), Map.of(), List.of(), currentJavaHome());
    }

    public LaunchSpec withPort(int newPort) {
        return new LaunchSpec(service, newPort, profiles, environment, jvmOptions, javaHome);
    }

    public LaunchSpec withProfiles(List<String> newProfiles) {
        return new LaunchSpec(service, port, newProfiles, environment, jvmOptions, javaHome);
    }

    public LaunchSpec withEnv(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put(name, value);
        return new LaunchSpec(service, port, profiles, env, jvmOptions, javaHome);
    }

    public LaunchSpec withJvmOptions(List<String> options) {
        return new LaunchSpec(service, port, profiles, environment, options, javaHome);
    }

    public LaunchSpec withJavaHome(Path home) {
        return new LaunchSpec(service, port, profiles, environment, jvmOptions, home);
    }

    /** JVM options as given, plus what a profile needs to start at all (BlockHound's redefinition flag). */
    List<String> effectiveJvmOptions() {
        List<String> options = new ArrayList<>(jvmOptions);
        String flag = "-XX:+AllowRedefinitionToAddDeleteMethods";
        if (profiles.contains("blockhound") && !options.contains(flag)) {
            options.add(flag);
        }
        return options;
    }

    public static Path currentJavaHome() {
        return Path.of(System.getProperty("java.home"));
    }
}
