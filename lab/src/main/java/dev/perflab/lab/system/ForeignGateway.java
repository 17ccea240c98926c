package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.LabException;

/**
 * The user's own gateway in place of the lab's ({@code GATEWAY_JAR} in the local runtime,
 * {@code GATEWAY_IMAGE} in compose), in front of the lab's auth-service and
 * business-service. What the lab knows of it comes from its jar's manifest and libraries;
 * what it cannot read is {@link #UNKNOWN}, never guessed.
 */
public record ForeignGateway(Path jar, String image, String springBoot, String springCloudGateway) {

    public static final String UNKNOWN = "unknown";

    /**
     * spring-cloud-gateway-server-4.1.0.jar,
     * spring-cloud-gateway-server-webflux-5.0.3.jar, ...-webmvc-..., ...-mvc-...
     */
    private static final Pattern SCG_LIB = Pattern
        .compile("BOOT-INF/lib/spring-cloud-gateway-server(?:-webflux|-webmvc|-mvc)?-(\\d+\\.\\d+[^/]*)\\.jar");

    /**
     * The jar checked before anything starts: it exists and is a Spring Boot executable
     * jar; one line when not.
     */
    public static ForeignGateway ofJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new LabException("GATEWAY_JAR=" + jar + ": no such file");
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            Attributes main = manifest == null ? new Attributes() : manifest.getMainAttributes();
            String boot = main.getValue("Spring-Boot-Version");
            String start = main.getValue("Start-Class");
            if (boot == null || start == null) {
                throw new LabException(
                        "GATEWAY_JAR=" + jar + " is not a Spring Boot executable jar (its manifest has no "
                                + (start == null ? "Start-Class" : "Spring-Boot-Version")
                                + "): build it with spring-boot-maven-plugin (repackage)");
            }
            String scg = file.stream()
                .map(entry -> SCG_LIB.matcher(entry.getName()))
                .filter(Matcher::matches)
                .map(m -> m.group(1))
                .findFirst()
                .orElse(UNKNOWN);
            return new ForeignGateway(jar, null, boot, scg);
        }
        catch (IOException ex) {
            throw new LabException("GATEWAY_JAR=" + jar + " is not a jar: " + ex.getMessage(), ex);
        }
    }

    /**
     * An image for RUNTIME=compose: its versions are not read from the image, so they are
     * unknown.
     */
    public static ForeignGateway ofImage(String image) {
        if (image.isBlank() || image.chars().anyMatch(Character::isWhitespace)) {
            throw new LabException("GATEWAY_IMAGE='" + image + "' is not an image name");
        }
        return new ForeignGateway(null, image, UNKNOWN, UNKNOWN);
    }

    /** The jar's file name, or the image. */
    public String name() {
        return jar != null ? jar.getFileName().toString() : image;
    }

    /** What run.json and summary.json say under {@code gateway}. */
    public Map<String, Object> describe(String route, String headerName) {
        Map<String, Object> gateway = new LinkedHashMap<>();
        gateway.put("foreign", true);
        if (jar != null) {
            gateway.put("jar", name());
        }
        else {
            gateway.put("image", image);
        }
        gateway.put("spring_boot", springBoot);
        gateway.put("spring_cloud_gateway", springCloudGateway);
        gateway.put("route", route);
        gateway.put("header", headerName == null ? "none" : headerName);
        gateway.put("mode", UNKNOWN);
        return gateway;
    }

    /** One line for the report's header and the rung's first line. */
    public String line() {
        return (jar != null ? "jar " : "image ") + name() + ", Spring Boot " + springBoot + ", Spring Cloud Gateway "
                + springCloudGateway;
    }
}
