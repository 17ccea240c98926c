package dev.perflab.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * run.json says which code was measured, and whether it was the commit or uncommitted
 * changes on top of it.
 */
class RunInfoTests {

    @TempDir
    Path root;

    @Test
    void theCommitIsTheCheckoutsAndACleanCheckoutIsNotDirty() throws Exception {
        String commit = commitedCheckout();
        Map<String, Object> info = RunInfo.describe(root, "lab", "local", Map.of());
        assertThat(info.get("git_commit")).isEqualTo(commit);
        assertThat(info.get("git_dirty")).isEqualTo(false);
    }

    @Test
    void aChangedTrackedFileIsDirtyAndAnUntrackedFileIsNot() throws Exception {
        commitedCheckout();
        Files.writeString(root.resolve("notes.txt"), "results of my own\n");
        assertThat(RunInfo.describe(root, "lab", "local", Map.of()).get("git_dirty"))
            .as("an untracked file changes no measured code")
            .isEqualTo(false);
        Files.writeString(root.resolve("Gateway.java"), "class Gateway { int changed; }\n");
        assertThat(RunInfo.describe(root, "lab", "local", Map.of()).get("git_dirty")).isEqualTo(true);
    }

    @Test
    void theMachineIsReadFromTheMachine() throws IOException {
        Map<String, Object> info = RunInfo.describe(root, "baseline", "local", Map.of());
        assertThat(info.get("machine")).asInstanceOf(InstanceOfAssertFactories.MAP)
            .containsEntry("cores", Runtime.getRuntime().availableProcessors())
            .hasEntrySatisfying("memory_gib", gib -> assertThat((Double) gib).isPositive());
        String model = Files.readAllLines(Path.of("/proc/cpuinfo"))
            .stream()
            .filter(line -> line.startsWith("model name"))
            .findFirst()
            .map(line -> line.substring(line.indexOf(':') + 1).trim())
            .orElse("unknown");
        assertThat(info.get("machine")).asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("cpu_model", model);
        assertThat((String) info.get("jdk")).endsWith(Runtime.version().toString());
    }

    /** A checkout with one commit of one file; returns the commit's hash. */
    private String commitedCheckout() throws Exception {
        Files.writeString(root.resolve("Gateway.java"), "class Gateway {}\n");
        git("init", "-q");
        git("add", "Gateway.java");
        git("-c", "user.name=lab", "-c", "user.email=lab@example.invalid", "commit", "-q", "-m", "one");
        return git("rev-parse", "HEAD").strip();
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(output).isZero();
        return output;
    }

}
