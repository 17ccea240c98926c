package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * make trend COMMITS='s jars on a real git repository: the range, a jar per commit built
 * in a worktree of its own, the same jar for a commit that changes none of the gateway's
 * sources, the user's tree untouched. The build is a shell line that writes the commit's
 * gateway source into the jar, so each jar says which commit it was built at.
 */
class CommitJarsTests {

    @TempDir
    Path dir;

    Path repo;

    Path cache;

    /** Writes the gateway's source into its jar and counts the builds in the cache. */
    static final List<String> BUILD = List.of("bash", "-c",
            "mkdir -p gateway/target && cp gateway/Source.java gateway/target/gateway.jar && echo built >> ../builds");

    final List<String> commits = new ArrayList<>();

    @BeforeEach
    void repository() throws IOException {
        repo = Files.createDirectories(dir.resolve("repo"));
        cache = dir.resolve("cache");
        git("init", "-q", "-b", "main");
        git("config", "user.email", "lab@example.org");
        git("config", "user.name", "lab");
        Files.createDirectories(repo.resolve("gateway"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        Files.writeString(repo.resolve("gateway/Source.java"), "one\n");
        commit("the first");
        Files.writeString(repo.resolve("README.md"), "docs\n");
        commit("docs only");
        Files.writeString(repo.resolve("gateway/Source.java"), "two\n");
        commit("the gateway changes");
        Files.writeString(repo.resolve("README.md"), "more docs\n");
        commit("docs again");
    }

    private void commit(String subject) {
        git("add", "-A");
        git("commit", "-q", "-m", subject);
        commits.add(git("rev-parse", "HEAD").strip());
    }

    private String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Commands.Result result = Commands.run(command, null, Map.of(), Duration.ofSeconds(30));
        assertThat(result.ok()).as(result.output()).isTrue();
        return result.output();
    }

    @Test
    void theRangeIsItsFirstCommitAndEveryCommitAfterItOldestFirst() {
        assertThat(CommitJars.range(repo, commits.get(0) + "..HEAD")).containsExactlyElementsOf(commits);
        assertThat(CommitJars.range(repo, "HEAD~2..HEAD~1")).containsExactly(commits.get(1), commits.get(2));
    }

    @Test
    void eachCommitGetsTheJarOfItsOwnSourcesBuiltOnceInAWorktreeTheUsersTreeUntouched() throws IOException {
        Files.writeString(repo.resolve("gateway/Source.java"), "the user's own edit\n");
        StringWriter out = new StringWriter();
        List<CommitJars.CommitJar> jars = CommitJars.build(repo, commits, cache, BUILD, new PrintWriter(out, true));
        assertThat(jars).extracting(CommitJars.CommitJar::commit).containsExactlyElementsOf(commits);
        assertThat(Files.readString(jars.get(0).jar())).isEqualTo("one\n");
        assertThat(jars.get(1).sameAs()).as("docs only: the first commit's jar").isEqualTo(commits.get(0));
        assertThat(jars.get(1).jar()).isEqualTo(jars.get(0).jar());
        assertThat(Files.readString(jars.get(2).jar())).isEqualTo("two\n");
        assertThat(jars.get(2).sameAs()).isNull();
        assertThat(jars.get(3).sameAs()).isEqualTo(commits.get(2));
        assertThat(jars).extracting(CommitJars.CommitJar::subject)
            .containsExactly("the first", "docs only", "the gateway changes", "docs again");
        assertThat(Files.readAllLines(cache.resolve("builds"))).as("two sources, two builds").hasSize(2);
        assertThat(out.toString()).contains("building the gateway in a worktree")
            .contains("the gateway's sources are " + commits.get(0).substring(0, 7) + "'s, same jar");
        assertThat(git("worktree", "list").lines()).as("every worktree removed").hasSize(1);
        assertThat(git("rev-parse", "HEAD").strip()).isEqualTo(commits.get(3));
        assertThat(Files.readString(repo.resolve("gateway/Source.java"))).isEqualTo("the user's own edit\n");
        CommitJars.build(repo, commits, cache, BUILD, new PrintWriter(new StringWriter()));
        assertThat(Files.readAllLines(cache.resolve("builds"))).as("a second run takes the jars it kept").hasSize(2);
    }

    @Test
    void aBuildThatFailsIsOneLineAndLeavesNoWorktree() {
        assertThatThrownBy(() -> CommitJars.build(repo, commits, cache, List.of("bash", "-c", "echo no maven; exit 1"),
                new PrintWriter(new StringWriter())))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("building the gateway at " + commits.get(0).substring(0, 7) + " failed")
            .hasMessageEndingWith("no maven");
        assertThat(git("worktree", "list").lines()).hasSize(1);
    }

    @Test
    void aBadRangeIsOneLine() {
        assertThatThrownBy(() -> CommitJars.range(repo, "HEAD")).hasMessageStartingWith("COMMITS must be <from>..<to>");
        assertThatThrownBy(() -> CommitJars.range(repo, "HEAD...HEAD~1"))
            .hasMessageStartingWith("COMMITS must be <from>..<to>");
        assertThatThrownBy(() -> CommitJars.range(repo, "nope..HEAD"))
            .hasMessage("COMMITS: from 'nope' is no commit of " + repo);
        assertThatThrownBy(() -> CommitJars.range(repo, "HEAD..HEAD~2")).hasMessageContaining("holds no commit after");
        assertThatThrownBy(() -> CommitJars.range(repo, "HEAD~1..HEAD~1"))
            .hasMessageContaining("holds no commit after");
    }

    @Test
    void aRangeLongerThanARunHoldsIsRefused() {
        for (int i = 0; i < CommitJars.MAX_COMMITS; i++) {
            git("commit", "-q", "--allow-empty", "-m", "empty " + i);
        }
        assertThatThrownBy(() -> CommitJars.range(repo, commits.get(0) + "..HEAD")).hasMessageContaining(
                "holds " + (CommitJars.MAX_COMMITS + 4) + " commits; at most " + CommitJars.MAX_COMMITS);
    }

    @Test
    void aCommitWithoutTheGatewayIsNotOneOfTheLabs() throws IOException {
        Files.writeString(repo.resolve("other.txt"), "x\n");
        git("rm", "-q", "-r", "gateway");
        commit("no gateway");
        assertThatThrownBy(() -> CommitJars.build(repo, List.of(commits.get(4)), cache, BUILD,
                new PrintWriter(new StringWriter())))
            .hasMessageContaining("has no gateway/ folder");
    }

}
