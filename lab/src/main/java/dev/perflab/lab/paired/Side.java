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
 * {@code reactive,burn}); {@code image} is the user's own gateway image GATEWAY_IMAGE
 * names (RUNTIME=compose). A gateway's own JVM options come after the common ones.
 *
 * @param label "A" or "B", or the rung's name
 * @param given the value as the user gave it
 * @param kind what runs: the lab's gateway, the user's jar, or nginx
 * @param javaOptions JVM options of this side's gateway (none for nginx)
 * @param javaHome the JDK this side's gateway runs on, or null for the lab's own
 */
public record Side(String label, String given, Kind kind, List<String> javaOptions, Path javaHome) {

    /** The nginx references a side may name, and whether each caches its auth answers. */
    static final Map<String, Boolean> NGINX = Map.of("nginx", false, "nginx-cached", true);

    /** The side value that runs GATEWAY_IMAGE. */
    public static final String IMAGE = "image";

    /** What a side runs: one of four kinds, each with what only it has. */
    public sealed interface Kind permits LabGateway, OwnJar, OwnImage, Nginx {

    }

    /**
     * The lab's gateway with these Spring profiles: the lab's own build, or the jar
     * GATEWAY_JAR names in its place ({@code build}, null for the lab's), which must have
     * those profiles too.
     */
    public record LabGateway(List<String> profiles, ForeignGateway build) implements Kind {

        public LabGateway {
            profiles = List.copyOf(profiles);
        }

        public LabGateway(List<String> profiles) {
            this(profiles, null);
        }

    }

    /** The user's own gateway jar. */
    public record OwnJar(ForeignGateway gateway) implements Kind {
    }

    /**
     * The user's own gateway image (GATEWAY_IMAGE), started as a container on
     * RUNTIME=compose; its versions are not read from it.
     */
    public record OwnImage(ForeignGateway gateway) implements Kind {
    }

    /**
     * One of the lab's nginx references: its config, and whether it caches auth answers.
     */
    public record Nginx(Path config, boolean cached) implements Kind {
    }

    public Side {
        javaOptions = List.copyOf(javaOptions);
        if (kind instanceof Nginx && (!javaOptions.isEmpty() || javaHome != null)) {
            throw new IllegalArgumentException("nginx takes no JVM options or JDK");
        }
    }

    /**
     * The lab's gateway with these profiles, on the lab's JDK, without options of its
     * own.
     */
    public static Side labGateway(String label, List<String> profiles) {
        return new Side(label, String.join(",", profiles), new LabGateway(profiles), List.of(), null);
    }

    /**
     * The user's own jar (or one the lab built) with these JVM options, on this JDK (null
     * for the lab's own).
     */
    public static Side ownJar(String label, String given, ForeignGateway gateway, List<String> javaOptions,
            Path javaHome) {
        return new Side(label, given, new OwnJar(gateway), javaOptions, javaHome);
    }

    /** One of the lab's nginx references, with its config. */
    public static Side nginx(String label, boolean cached, Path config) {
        return new Side(label, cached ? "nginx-cached" : "nginx", new Nginx(config, cached), List.of(), null);
    }

    /** Whether this side is a JVM, whose allocation and JIT the lab reads. */
    public boolean jvm() {
        return !(kind instanceof Nginx);
    }

    /**
     * Whether this side caches auth-service's answers: nginx-cached, or the lab's gateway
     * with its auth-cache profile.
     */
    public boolean cachesAuth() {
        if (kind instanceof Nginx nginx) {
            return nginx.cached();
        }
        return kind instanceof LabGateway lab && lab.profiles().contains("auth-cache");
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
        return new Side(label, given, kind, all, javaHome);
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
        return of(label, given, javaOpts, jdk, root, null);
    }

    /**
     * @param gatewayJar GATEWAY_JAR: the jar a side named by profiles runs in place of
     * the lab's gateway build (it must have those profiles), or null for the lab's
     */
    public static Side of(String label, String given, String javaOpts, Integer jdk, Path root, Path gatewayJar) {
        return of(label, given, javaOpts, jdk, root, gatewayJar, "");
    }

    /**
     * @param gatewayImage GATEWAY_IMAGE: the user's gateway image a side given as
     * {@code image} runs, empty for none
     */
    public static Side of(String label, String given, String javaOpts, Integer jdk, Path root, Path gatewayJar,
            String gatewayImage) {
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
            return new Side(label, value, new Nginx(config, NGINX.get(value)), List.of(), null);
        }
        if (value.equals(IMAGE)) {
            if (gatewayImage == null || gatewayImage.isBlank()) {
                throw new LabException(knob + "=image runs your gateway's image, and GATEWAY_IMAGE is empty: give "
                        + "GATEWAY_IMAGE=<image> (RUNTIME=compose)");
            }
            return new Side(label, value, new OwnImage(ForeignGateway.ofImage(gatewayImage.trim())), options, home);
        }
        if (value.endsWith(".jar")) {
            return ownJar(label, value, ForeignGateway.ofJar(root.resolve(value).normalize()), options, home);
        }
        List<String> profiles = split(value, "[,\\s]+");
        if (gatewayJar == null) {
            GatewayProfiles.in(Service.GATEWAY.jar(root)).check(profiles, knob + "=" + value);
            return new Side(label, value, new LabGateway(profiles), options, home);
        }
        ForeignGateway build = ForeignGateway.ofJar(gatewayJar);
        GatewayProfiles.in(gatewayJar)
            .check(profiles, knob + "=" + value + " on GATEWAY_JAR=" + gatewayJar.getFileName()
                    + " (GATEWAY_JAR runs every side named by profiles, and needs the lab's profiles)");
        return new Side(label, value, new LabGateway(profiles, build), options, home);
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
        if (kind instanceof Nginx nginx) {
            return "nginx (" + nginx.config().getParent().getFileName() + "/" + nginx.config().getFileName() + ")";
        }
        String what = kind instanceof OwnJar own ? "your gateway " + own.gateway().name()
                : kind instanceof OwnImage image ? "your gateway image " + image.gateway()
                    .image() : "the lab's gateway (profiles " + String.join(",", ((LabGateway) kind).profiles()) + ")"
                            + (((LabGateway) kind).build() == null ? "" : " from " + ((LabGateway) kind).build().jar());
        return what + (javaOptions.isEmpty() ? "" : " with " + String.join(" ", javaOptions))
                + (javaHome == null ? "" : " on " + javaHome);
    }

    Map<String, Object> json() {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("gateway", given);
        side.put("foreign", kind instanceof OwnJar || kind instanceof OwnImage);
        if (kind instanceof Nginx nginx) {
            side.put("nginx", nginx.config().toString());
            return side;
        }
        if (kind instanceof OwnJar own) {
            side.put("jar", own.gateway().jar().toString());
            side.put("spring_boot", own.gateway().springBoot());
            side.put("spring_cloud_gateway", own.gateway().springCloudGateway());
        }
        else if (kind instanceof OwnImage image) {
            side.put("image", image.gateway().image());
        }
        else {
            side.put("profiles", ((LabGateway) kind).profiles());
            if (((LabGateway) kind).build() != null) {
                side.put("jar", ((LabGateway) kind).build().jar().toString());
            }
        }
        side.put("java_options", javaOptions);
        if (javaHome != null) {
            side.put("java_home", javaHome.toString());
        }
        return side;
    }
}
