package dev.perflab.lab.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.RunLockHolder;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * make trend COMMITS= builds its jars under the run lock: while another run holds it, the
 * command ends with one line naming that run, and has built nothing and added no
 * worktree. A throw-away git repository stands in for the lab's: no jar gets as far as a
 * build.
 */
class TrendCommitsCommandTests {

    @TempDir
    Path dir;

    @Test
    void whileAnotherRunHoldsTheLockNothingIsBuilt() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo/gateway"));
        git(repo.getParent(), "init", "-q", "-b", "main");
        for (String source : List.of("one", "two")) {
            Files.writeString(repo.resolve("Source.java"), source + "\n");
            git(repo.getParent(), "add", "-A");
            git(repo.getParent(), "-c", "user.email=lab@example.org", "-c", "user.name=lab", "commit", "-q", "-m",
                    source);
        }
        Path results = dir.resolve("results");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process holder = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                RunLockHolder.class.getName(), PidFiles.children().lockFile().toString(), "make lab, results/x")
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        try {
            assertThat(new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                .readLine()).isEqualTo("held");
            CommandLine command = LabCommand.commandLine();
            StringWriter err = new StringWriter();
            command.setOut(new PrintWriter(new StringWriter(), true));
            command.setErr(new PrintWriter(err, true));

            int exit = command.execute("trend-commits", "--root", repo.getParent().toString(), "--results",
                    results.toString(), "--commits", "HEAD~1..HEAD");

            assertThat(exit).isEqualTo(1);
            assertThat(err.toString().strip()).hasLineCount(1)
                .startsWith("lab: another lab run is running (pid " + holder.pid() + ", make lab, results/x)");
            assertThat(git(repo.getParent(), "worktree", "list").lines()).as("no worktree added").hasSize(1);
            assertThat(results.resolve(".commit-jars")).as("nothing built")
                .satisfiesAnyOf(cache -> assertThat(cache).doesNotExist(),
                        cache -> assertThat(cache).isEmptyDirectory());
        }
        finally {
            holder.destroyForcibly();
            assertThat(holder.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static String git(Path repo, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Commands.Result result = Commands.run(command, null, Map.of(), Duration.ofSeconds(30));
        assertThat(result.ok()).as(result.output()).isTrue();
        return result.output();
    }

}
