package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;

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
 * sources, the user's tree untouched, no jar kept or reused that is not whole, nothing a
 * stopped build left kept. The build is a shell line that packs the commit's gateway
 * source into a jar as its Main-Class, so each jar says which commit it was built at.
 */
class CommitJarsTests {

    @TempDir
    Path dir;

    Path repo;

    Path cache;

    static final String JAR = Path.of(System.getProperty("java.home"), "bin", "jar").toString();

    /**
     * Packs the gateway's source into its jar as Main.class, the jar's Main-Class, and
     * counts the builds in the cache.
     */
    static final List<String> BUILD = List.of("bash", "-c",
            "mkdir -p gateway/target/classes && cp gateway/Source.java gateway/target/classes/Main.class && '" + JAR
                    + "' --create --file gateway/target/gateway.jar --main-class Main -C gateway/target/classes "
                    + "Main.class && echo built >> ../builds");

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

    /** The gateway source a jar was built from. */
    private static String source(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return new String(file.getInputStream(file.getEntry("Main.class")).readAllBytes(), StandardCharsets.UTF_8);
        }
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
        assertThat(source(jars.get(0).jar())).isEqualTo("one\n");
        assertThat(jars.get(1).sameAs()).as("docs only: the first commit's jar").isEqualTo(commits.get(0));
        assertThat(jars.get(1).jar()).isEqualTo(jars.get(0).jar());
        assertThat(source(jars.get(2).jar())).isEqualTo("two\n");
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

    /**
     * A jar cut short (a kill or a full disk during an older copy) is not taken from the
     * cache: it is built again, with one line saying why.
     */
    @Test
    void aKeptJarThatIsNotWholeIsBuiltAgainWithOneLine() throws IOException {
        List<CommitJars.CommitJar> jars = CommitJars.build(repo, commits, cache, BUILD,
                new PrintWriter(new StringWriter()));
        Path jar = jars.get(2).jar();
        byte[] whole = Files.readAllBytes(jar);
        Files.write(jar, Arrays.copyOf(whole, whole.length / 2));
        StringWriter out = new StringWriter();
        assertThat(CommitJars.toBuild(jars.get(2))).isTrue();
        CommitJars.build(repo, commits, cache, BUILD, new PrintWriter(out, true));
        assertThat(out.toString().lines().filter(line -> line.contains("damaged"))).singleElement()
            .asString()
            .startsWith("  " + commits.get(2).substring(0, 7) + " the gateway changes: the kept " + jar.getFileName()
                    + " is damaged (it is not a whole jar (")
            .endsWith(")): building it again in a worktree");
        assertThat(Files.readAllLines(cache.resolve("builds"))).as("the damaged jar built again").hasSize(3);
        assertThat(source(jar)).isEqualTo("two\n");
        assertThat(CommitJars.toBuild(jars.get(2))).isFalse();
    }

    /**
     * A build whose jar is no whole jar with its Main-Class keeps nothing in the cache.
     */
    @Test
    void aJarThatIsNotWholeNeverEntersTheCache() {
        List<String> cut = List.of("bash", "-c",
                "mkdir -p gateway/target && head -c 100 /dev/urandom > " + "gateway/target/gateway.jar");
        assertThatThrownBy(() -> CommitJars.build(repo, commits, cache, cut, new PrintWriter(new StringWriter())))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "the build at " + commits.get(0).substring(0, 7) + " made gateway.jar, but it is not a whole jar")
            .hasMessageEndingWith(": it is not kept");
        assertThat(cache).isDirectoryNotContaining("glob:**.jar").isDirectoryNotContaining("glob:**.part");
        assertThat(git("worktree", "list").lines()).hasSize(1);
    }

    /**
     * A build killed with -9 leaves its worktree (git keeps it registered while its
     * folder exists, and locked when the kill came during worktree add) and its part
     * file; the next build removes both, but not what a running build of another process
     * writes.
     */
    @Test
    void whatAStoppedBuildLeftIsRemovedAtTheNextStart() throws Exception {
        Files.createDirectories(cache);
        long dead = deadPid();
        Path killed = cache.resolve("worktree-" + commits.get(0).substring(0, 7) + "-" + dead);
        git("worktree", "add", "-q", "--detach", killed.toString(), commits.get(0));
        git("worktree", "lock", killed.toString());
        Path older = cache.resolve("worktree-" + commits.get(1).substring(0, 7));
        git("worktree", "add", "-q", "--detach", older.toString(), commits.get(1));
        Path part = Files.writeString(cache.resolve("gateway-0123456789abcdef.jar." + dead + ".part"), "PK");
        Path olderPart = Files.writeString(cache.resolve("gateway-0123456789abcdef.jar.part"), "PK");
        long running = ProcessHandle.current().parent().orElseThrow().pid();
        Path another = Files.writeString(cache.resolve("gateway-0123456789abcdef.jar." + running + ".part"), "PK");
        StringWriter out = new StringWriter();

        CommitJars.build(repo, commits, cache, BUILD, new PrintWriter(out, true));

        assertThat(git("worktree", "list").lines()).as("every worktree removed").hasSize(1);
        assertThat(killed).doesNotExist();
        assertThat(older).doesNotExist();
        assertThat(part).doesNotExist();
        assertThat(olderPart).doesNotExist();
        assertThat(another).as("a running process's part file").exists();
        assertThat(out.toString()).contains("removed what a stopped build left in " + cache + ": ")
            .contains(killed.getFileName().toString())
            .contains(part.getFileName().toString());
    }

    /** The pid of a process that has ended. */
    private static long deadPid() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        return done.pid();
    }

    /**
     * from must be on to's first-parent chain: a from on another branch, or on one merged
     * into to, would have its first step measured against an unrelated commit.
     */
    @Test
    void aFromOffTheFirstParentChainIsRefusedInOneLine() {
        git("checkout", "-q", "-b", "side", commits.get(1));
        git("commit", "-q", "--allow-empty", "-m", "on the side");
        git("checkout", "-q", "main");
        assertThatThrownBy(() -> CommitJars.range(repo, "side..main")).isInstanceOf(LabException.class)
            .hasMessageStartingWith("COMMITS=side..main: side (")
            .hasMessageContaining(") is not on the first-parent chain of main")
            .hasMessageEndingWith("git log --first-parent --oneline main lists")
            .hasMessageNotContaining("\n");
        git("merge", "-q", "--no-ff", "-m", "merge the side", "side");
        assertThatThrownBy(() -> CommitJars.range(repo, "side..main"))
            .hasMessageContaining(") is not on the first-parent chain of main");
        assertThat(CommitJars.range(repo, "HEAD~1..HEAD")).hasSize(2);
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
