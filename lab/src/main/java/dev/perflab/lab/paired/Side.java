package dev.perflab.lab.paired;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.JavaOptions;
import dev.perflab.lab.LabException;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.GatewayProfiles;
import dev.perflab.lab.system.InstalledTools;
import dev.perflab.lab.system.Jdks;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.NginxProcess;

/**
 * One side of a paired comparison, as A_GATEWAY or B_GATEWAY names it: a path ending in
 * {@code .jar} is the user's own gateway; {@code nginx} and {@code nginx-cached} are the
 * lab's nginx references (lab/nginx/auth-request.conf and auth-request-cached.conf), so
 * that a gateway's cost against nginx's is measured in the same seconds; anything else is
 * the lab's gateway with those Spring profiles (comma-separated, e.g.
 * {@code reactive,burn}). A gateway's own JVM options come after the common ones.
 *
 * @param label "A" or "B"
 * @param foreign the user's gateway, or null for the lab's
 * @param javaHome the JDK this side's gateway runs on, or null for the lab's own
 * @param nginx the nginx config this side runs, or null for a gateway (a JVM)
 */
public record Side(String label, String given, List<String> profiles, ForeignGateway foreign, List<String> javaOptions,
        Path javaHome, Path nginx) {

    /** The nginx references a side may name, and whether each caches its auth answers. */
    static final Map<String, Boolean> NGINX = Map.of("nginx", false, "nginx-cached", true);

    public Side {
        profiles = List.copyOf(profiles);
        javaOptions = List.copyOf(javaOptions);
    }

    /** A gateway side. */
    public Side(String label, String given, List<String> profiles, ForeignGateway foreign, List<String> javaOptions,
            Path javaHome) {
        this(label, given, profiles, foreign, javaOptions, javaHome, null);
    }

    /** Whether this side is a JVM, whose allocation and JIT the lab reads. */
    public boolean jvm() {
        return nginx == null;
    }

    /**
     * Whether this side caches auth-service's answers: nginx-cached, or the lab's gateway
     * with its auth-cache profile.
     */
    public boolean cachesAuth() {
        return jvm() ? foreign == null && profiles.contains("auth-cache") : NGINX.getOrDefault(given, false);
    }

    /**
     * The same side with more JVM options before its own (nginx takes none: it stays as
     * it is).
     */
    public Side withOptionsBefore(List<String> first) {
        if (!jvm()) {
            return this;
        }
        List<String> all = new ArrayList<>(first);
        all.addAll(javaOptions);
        return new Side(label, given, profiles, foreign, all, javaHome, nginx);
    }

    /**
     * Reads and checks one side before anything starts; a bad value is one line naming
     * the knob.
     */
    public static Side of(String label, String given, String javaOpts, Path root) {
        return of(label, given, javaOpts, null, root);
    }

    /**
     * @param jdk the feature version of the JDK the side runs on (one found in
     * /usr/lib/jvm, macOS or SDKMAN), or null for the lab's own
     */
    public static Side of(String label, String given, String javaOpts, Integer jdk, Path root) {
        String value = given == null ? "" : given.trim();
        String knob = label + "_GATEWAY";
        if (value.isEmpty()) {
            throw new LabException(
                    "make compare needs both sides to run them at the same time: A_GATEWAY=<profiles, jar or nginx> B_GATEWAY=<profiles, jar or nginx>, "
                            + "e.g. A_GATEWAY=reactive B_GATEWAY=reactive,burn (or A=<results folder> B=<results folder> for two finished runs); "
                            + knob + " is empty");
        }
        List<String> options = JavaOptions.split(javaOpts, label + "_JAVA_OPTS");
        Path home = jdk == null ? null
                : Jdks.find(jdk)
                    .orElseThrow(() -> new LabException(label + "_JDK=" + jdk + ": no JDK " + jdk + " in "
                            + Jdks.searched() + " (set it to one installed there, or leave it empty)"));
        if (NGINX.containsKey(value)) {
            if (!options.isEmpty() || home != null) {
                throw new LabException(label + "_GATEWAY=" + value + " runs nginx, which takes no JVM options or JDK: "
                        + "leave " + label + "_JAVA_OPTS and " + label + "_JDK empty");
            }
            InstalledTools.missing(root, "nginx").ifPresent(why -> {
                throw new LabException(knob + "=" + value + " needs nginx: " + why);
            });
            Path config = NginxProcess.template(root, NGINX.get(value));
            if (!Files.isRegularFile(config)) {
                throw new LabException(knob + "=" + value + ": its config " + config + " is missing");
            }
            return new Side(label, value, List.of(), null, List.of(), null, config);
        }
        if (value.endsWith(".jar")) {
            return new Side(label, value, List.of(), ForeignGateway.ofJar(root.resolve(value).normalize()), options,
                    home);
        }
        List<String> profiles = split(value, "[,\\s]+");
        GatewayProfiles.in(Service.GATEWAY.jar(root)).check(profiles, knob + "=" + value);
        return new Side(label, value, profiles, null, options, home);
    }

    private static List<String> split(String text, String separator) {
        return text == null ? List.of()
                : Arrays.stream(text.trim().split(separator)).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * "the lab's gateway (profiles reactive,burn; -Dlab.burn.micros=40)" or "your gateway
     * own-gateway.jar".
     */
    public String describe() {
        if (!jvm()) {
            return "nginx (" + nginx.getParent().getFileName() + "/" + nginx.getFileName() + ")";
        }
        String what = foreign != null ? "your gateway " + foreign.name()
                : "the lab's gateway (profiles " + String.join(",", profiles) + ")";
        return what + (javaOptions.isEmpty() ? "" : " with " + String.join(" ", javaOptions))
                + (javaHome == null ? "" : " on " + javaHome);
    }

    Map<String, Object> json() {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("gateway", given);
        side.put("foreign", foreign != null);
        if (!jvm()) {
            side.put("nginx", nginx.toString());
            return side;
        }
        if (foreign == null) {
            side.put("profiles", profiles);
        }
        else {
            side.put("jar", foreign.jar().toString());
            side.put("spring_boot", foreign.springBoot());
            side.put("spring_cloud_gateway", foreign.springCloudGateway());
        }
        side.put("java_options", javaOptions);
        if (javaHome != null) {
            side.put("java_home", javaHome.toString());
        }
        return side;
    }
}
