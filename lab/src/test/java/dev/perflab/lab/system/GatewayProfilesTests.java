package dev.perflab.lab.system;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GatewayProfilesTests {

    @TempDir
    Path dir;

    private Path jar(String... entries) throws IOException {
        Path jar = dir.resolve("gateway.jar");
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void theProfilesAreTheApplicationFilesOfTheJar() throws IOException {
        GatewayProfiles profiles = GatewayProfiles.in(jar("BOOT-INF/classes/application.yml",
                "BOOT-INF/classes/application-blocking.yml", "BOOT-INF/classes/application-log-quiet.yaml",
                "BOOT-INF/lib/application-not-mine.yml", "BOOT-INF/classes/logback-spring.xml"));
        assertThat(profiles.known()).containsExactly("blocking", "log-quiet");
        profiles.check(List.of("blocking", "log-quiet"), "rung a");
    }

    @Test
    void anUnknownProfileIsNamedWithWhereItWasAskedForAndTheKnownOnes() throws IOException {
        GatewayProfiles profiles = GatewayProfiles
            .in(jar("BOOT-INF/classes/application-blocking.yml", "BOOT-INF/classes/application-reactive.yml"));
        assertThatThrownBy(() -> profiles.check(List.of("reactive", "nope"), "rung broken"))
            .isInstanceOf(LabException.class)
            .hasMessage(
                    "rung broken names the gateway profile 'nope', which does not exist; profiles: blocking, reactive");
    }

    @Test
    void theShippedGatewayKnowsTheLaddersProfiles() {
        Path jar = Path.of(System.getProperty("lab.root", "..")).resolve("gateway/target/gateway.jar");
        assertThat(GatewayProfiles.in(jar).known()).contains("blocking", "offloaded", "reactive", "log-quiet",
                "rid-fast", "loop-pools", "auth-cache", "burn");
    }

    @Test
    void anUnbuiltGatewaySaysHowToBuildIt() {
        assertThatThrownBy(() -> GatewayProfiles.in(dir.resolve("missing.jar"))).hasMessageContaining("run make build");
    }

}
