package dev.perflab.lab.compose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The apps' Dockerfiles, without an engine: each image's entry command, run by sh as the
 * container runs it, with a java that prints its arguments; and the images they are built
 * from, which a user can give by digest.
 */
class DockerfilesTests {

    private static final List<String> APPS = List.of("business-service", "auth-service", "gateway");

    private static final Pattern ENTRYPOINT = Pattern.compile("(?m)^ENTRYPOINT (\\[.*])$");

    @TempDir
    Path folder;

    /**
     * JAVA_OPTS splits on spaces into options, and an option with a {@code *} stays as it
     * is: on 80e13b2 sh globbed it against the working folder's files.
     */
    @Test
    void javaOptsSplitIntoOptionsAndNeverGlob() throws IOException {
        Path bin = Files.createDirectory(folder.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor arg in \"$@\"; do echo \"$arg\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path work = Files.createDirectory(folder.resolve("app"));
        Files.writeString(work.resolve("-Dlab.pattern=matched"), "");
        Files.writeString(work.resolve("other"), "");
        for (String app : APPS) {
            List<String> entry = entrypoint(app);
            assertThat(entry.subList(0, 2)).as(app).containsExactly("sh", "-c");
            Commands.Result result = Commands.run(entry, work,
                    Map.of("PATH", bin + ":/usr/bin:/bin", "JAVA_OPTS", "-Dlab.pattern=* -Xmx1g  -Dlab.any=?ther"),
                    Duration.ofSeconds(30));
            assertThat(result.exit()).as(app + ": " + result.output()).isZero();
            assertThat(result.output().lines()).as(app)
                .containsExactly("-Dlab.pattern=*", "-Xmx1g", "-Dlab.any=?ther",
                        "org.springframework.boot.loader.launch.JarLauncher");
        }
    }

    /**
     * Every base image is the build argument BASE_IMAGE, so {@code image@sha256:...} pins
     * one by digest; the compose files' third-party images are variables for the same
     * reason.
     */
    @Test
    void everyImageCanBeGivenByDigest() throws IOException {
        for (String app : APPS) {
            String dockerfile = Files.readString(Tools.ROOT.resolve(app).resolve("Dockerfile"));
            assertThat(dockerfile).as(app).contains("ARG BASE_IMAGE=");
            assertThat(dockerfile.lines().filter(line -> line.startsWith("FROM "))).as(app)
                .allMatch(line -> line.startsWith("FROM ${BASE_IMAGE}"));
        }
        for (String file : List.of("docker-compose.yml", "docker-compose.host.yml")) {
            String compose = Files.readString(Tools.ROOT.resolve(file));
            assertThat(compose).as(file)
                .contains("image: ${PROMETHEUS_IMAGE:-prom/prometheus:")
                .contains("image: ${GRAFANA_IMAGE:-grafana/grafana:")
                .contains("BASE_IMAGE: ${BASE_IMAGE:-");
        }
    }

    private static List<String> entrypoint(String app) throws IOException {
        Matcher matcher = ENTRYPOINT.matcher(Files.readString(Tools.ROOT.resolve(app).resolve("Dockerfile")));
        assertThat(matcher.find()).as(app + " has an ENTRYPOINT in exec form").isTrue();
        return List.of(JsonMapper.builder().build().readValue(matcher.group(1), String[].class));
    }

}
