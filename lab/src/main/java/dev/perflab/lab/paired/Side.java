package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.GatewayProfiles;
import dev.perflab.lab.system.Jdks;
import dev.perflab.lab.system.Service;

/**
 * One side of a paired comparison, as A_GATEWAY or B_GATEWAY names it: a path ending in
 * {@code .jar} is the user's own gateway; anything else is the lab's gateway with those
 * Spring profiles (comma-separated, e.g. {@code reactive,burn}). Its own JVM options come
 * after the common ones.
 *
 * @param label "A" or "B"
 * @param foreign the user's gateway, or null for the lab's
 * @param javaHome the JDK this side's gateway runs on, or null for the lab's own
 */
public record Side(String label, String given, List<String> profiles, ForeignGateway foreign, List<String> javaOptions,
        Path javaHome) {

    public Side {
        profiles = List.copyOf(profiles);
        javaOptions = List.copyOf(javaOptions);
    }

    /** The same side with more JVM options before its own. */
    public Side withOptionsBefore(List<String> first) {
        List<String> all = new ArrayList<>(first);
        all.addAll(javaOptions);
        return new Side(label, given, profiles, foreign, all, javaHome);
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
     * /usr/lib/jvm), or null for the lab's own
     */
    public static Side of(String label, String given, String javaOpts, Integer jdk, Path root) {
        String value = given == null ? "" : given.trim();
        String knob = label + "_GATEWAY";
        if (value.isEmpty()) {
            throw new LabException(
                    "make compare needs both sides to run them at the same time: A_GATEWAY=<profiles or jar> B_GATEWAY=<profiles or jar>, "
                            + "e.g. A_GATEWAY=reactive B_GATEWAY=reactive,burn (or A=<results folder> B=<results folder> for two finished runs); "
                            + knob + " is empty");
        }
        List<String> options = split(javaOpts, "\\s+");
        Path home = jdk == null ? null
                : Jdks.find(Jdks.FOLDER, jdk)
                    .orElseThrow(() -> new LabException(label + "_JDK=" + jdk + ": " + Jdks.FOLDER + " has no JDK "
                            + jdk + " (set it to one installed there, or leave it empty)"));
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
        String what = foreign != null ? "your gateway " + foreign.name()
                : "the lab's gateway (profiles " + String.join(",", profiles) + ")";
        return what + (javaOptions.isEmpty() ? "" : " with " + String.join(" ", javaOptions))
                + (javaHome == null ? "" : " on " + javaHome);
    }

    Map<String, Object> json() {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("gateway", given);
        side.put("foreign", foreign != null);
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
