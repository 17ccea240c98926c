package dev.perflab.lab.targets;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The folder nginx runs in is written into its config unquoted (pid, logs, temp paths): a
 * checkout path with a space broke the config and one with ";" could add directives
 * (issue 37). Such a folder is one line, before nginx or its config exist.
 */
class NginxConfigPathTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void aFolderWhosePathNginxWouldReadAsSyntaxIsOneLine() {
        Path template = NginxProcess.template(ROOT, false);
        for (String name : new String[] { "my lab", "x;daemon on", "a{b}", "cost$", "it's" }) {
            Path prefix = dir.resolve(name).resolve("nginx");
            assertThatThrownBy(() -> NginxProcess.start(template, prefix, 1, 2, 3, "lab-token")).as(name)
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("nginx cannot run in " + prefix.toAbsolutePath())
                .hasMessageEndingWith("run the lab from a folder whose path has none");
            assertThat(Files.exists(prefix.resolve("nginx.conf"))).as("no config written for " + name).isFalse();
        }
        assertThat("/home/dev/work/gateway-lab_2/results/20261126-225658-lab/pass-1/nginx")
            .as("an ordinary checkout path passes")
            .matches(NginxProcess.SAFE_PATH);
    }

}
