package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;

/**
 * The lab's gateway at each commit of a range, built in a git worktree of its own (the
 * user's tree is never touched) and kept by the content of the sources it is built from:
 * a commit that changes none of them (docs, the runner) gets the jar of the commit before
 * it, so it cannot show a change, and is not built or measured twice.
 */
public final class CommitJars {

    /**
     * What a gateway jar is built from: its module, the modules it depends on, the parent
     * pom and the Maven wrapper.
     */
    public static final List<String> SOURCES = List.of("gateway", "gateway-lean", "app-support", "lab-common",
            "pom.xml", ".mvn");

    /**
     * The most commits a range may hold: each is a gateway started and warmed up in every
     * pass.
     */
    public static final int MAX_COMMITS = 12;

    static final Duration GIT_LIMIT = Duration.ofMinutes(1);

    static final Duration BUILD_LIMIT = Duration.ofMinutes(15);

    /** The build of the gateway in a worktree, with its dependencies, without tests. */
    public static final List<String> MAVEN = List.of("./mvnw", "-B", "-q", "-Dmaven.test.skip=true", "package", "-pl",
            "gateway", "-am");

    /**
     * One commit of the range and the jar of its gateway.
     *
     * @param sources the digest of what the jar was built from
     * @param sameAs the commit before it whose jar this is, when its sources are the
     * same; null when they differ
     */
    public record CommitJar(String commit, String subject, String sources, Path jar, String sameAs) {

        public String shortCommit() {
            return TrendWriter.shortCommit(commit);
        }

    }

    private CommitJars() {
    }

    /**
     * The commits of {@code range}, written {@code <from>..<to>}: {@code from} itself,
     * then every commit after it up to {@code to} along first parents, oldest first.
     */
    public static List<String> range(Path repo, String range) {
        String value = range == null ? "" : range.trim();
        int dots = value.indexOf("..");
        if (dots <= 0 || dots + 2 >= value.length() || value.contains("...")) {
            throw new LabException(
                    "COMMITS must be <from>..<to>, e.g. COMMITS=HEAD~7..HEAD (from is measured too, as the first), not '"
                            + value + "'");
        }
        String from = commit(repo, value.substring(0, dots), "from");
        String to = commit(repo, value.substring(dots + 2), "to");
        Commands.Result listed = git(repo, "rev-list", "--reverse", "--first-parent", from + ".." + to);
        if (!listed.ok()) {
            throw new LabException("git rev-list " + value + " failed: " + listed.lastLine());
        }
        List<String> commits = new ArrayList<>();
        commits.add(from);
        listed.output().lines().map(String::strip).filter(line -> !line.isEmpty()).forEach(commits::add);
        if (commits.size() < 2) {
            throw new LabException("COMMITS=" + value + " holds no commit after " + TrendWriter.shortCommit(from)
                    + ": is " + value.substring(dots + 2) + " a descendant of " + value.substring(0, dots) + "?");
        }
        onFirstParents(repo, value, from, commits.get(1), value.substring(0, dots).strip(),
                value.substring(dots + 2).strip());
        if (commits.size() > MAX_COMMITS) {
            throw new LabException("COMMITS=" + value + " holds " + commits.size() + " commits; at most " + MAX_COMMITS
                    + " fit a run (each is a gateway warmed up in every pass): choose a shorter range");
        }
        return commits;
    }

    /**
     * The first commit after {@code from} must have it as its first parent: otherwise
     * {@code from} is not on {@code to}'s first-parent chain (another branch, or one
     * merged into it), and the first step would measure a commit against an unrelated tip
     * and blame it for the difference.
     */
    private static void onFirstParents(Path repo, String value, String from, String first, String fromName,
            String toName) {
        Commands.Result parent = git(repo, "rev-parse", "--verify", "--quiet", first + "^1");
        if (!parent.ok() || !parent.firstLine().strip().equals(from)) {
            throw new LabException("COMMITS=" + value + ": " + fromName + " (" + TrendWriter.shortCommit(from)
                    + ") is not on the first-parent chain of " + toName
                    + ", so its first step would be measured against an unrelated commit: choose a from that "
                    + "git log --first-parent --oneline " + toName + " lists");
        }
    }

    private static String commit(Path repo, String name, String end) {
        Commands.Result parsed = git(repo, "rev-parse", "--verify", "--quiet", name.strip() + "^{commit}");
        if (!parsed.ok() || parsed.firstLine().isBlank()) {
            throw new LabException("COMMITS: " + end + " '" + name.strip() + "' is no commit of " + repo);
        }
        return parsed.firstLine().strip();
    }

    /**
     * Each commit's jar, where it is or will be kept in {@code cache}, without building
     * anything: which commits share a jar is known before the first build.
     */
    public static List<CommitJar> of(Path repo, List<String> commits, Path cache) {
        List<CommitJar> jars = new ArrayList<>();
        for (String commit : commits) {
            String sources = sources(repo, commit);
            String subject = git(repo, "log", "-1", "--format=%s", commit).firstLine().strip();
            Path jar = cache.resolve("gateway-" + sources + ".jar");
            CommitJar before = jars.isEmpty() ? null : jars.get(jars.size() - 1);
            String sameAs = before != null && before.sources().equals(sources) ? before.commit() : null;
            jars.add(new CommitJar(commit, subject, sources, jar, sameAs));
        }
        return jars;
    }

    /**
     * Each commit's jar: from {@code cache} when a jar of the same sources is there, else
     * built with {@code build} in a worktree under {@code cache} that is removed
     * afterwards.
     */
    public static List<CommitJar> build(Path repo, List<String> commits, Path cache, List<String> build,
            PrintWriter out) {
        return build(repo, of(repo, commits, cache), build, out);
    }

    /**
     * Builds the jars of {@link #of} that are not in their cache yet, or whose kept jar
     * is damaged. The caller holds the run lock: what a stopped build left in the cache
     * is removed first.
     */
    public static List<CommitJar> build(Path repo, List<CommitJar> jars, List<String> build, PrintWriter out) {
        for (Path cache : jars.stream().map(jar -> jar.jar().getParent()).distinct().toList()) {
            try {
                Files.createDirectories(cache);
            }
            catch (IOException ex) {
                throw new LabException("cannot create " + cache + ": " + LabException.describe(ex), ex);
            }
            List<String> removed = JarCache.removeLeftovers(repo, cache);
            if (!removed.isEmpty()) {
                out.println("  removed what a stopped build left in " + cache + ": " + String.join(", ", removed));
            }
        }
        for (CommitJar each : jars) {
            String commit = TrendWriter.shortCommit(each.commit());
            Path cache = each.jar().getParent();
            String damage = each.sameAs() != null || !Files.exists(each.jar()) ? null : JarCache.damage(each.jar());
            if (each.sameAs() != null) {
                out.printf("  %s %s: the gateway's sources are %s's, same jar%n", commit, each.subject(),
                        TrendWriter.shortCommit(each.sameAs()));
            }
            else if (Files.exists(each.jar()) && damage == null) {
                out.printf("  %s %s: jar from %s%n", commit, each.subject(), cache);
            }
            else {
                out.printf("  %s %s: %s%n", commit, each.subject(),
                        damage == null ? "building the gateway in a worktree" : "the kept " + each.jar().getFileName()
                                + " is damaged (" + damage + "): building it again in a worktree");
                out.flush();
                buildAt(repo, each.commit(), cache, build, each.jar());
            }
        }
        out.flush();
        return jars;
    }

    /** Whether {@code jar} has to be built: not in its cache, or damaged there. */
    public static boolean toBuild(CommitJar jar) {
        return jar.sameAs() == null && (!Files.exists(jar.jar()) || JarCache.damage(jar.jar()) != null);
    }

    /** The digest of the trees the gateway is built from at {@code commit}. */
    static String sources(Path repo, String commit) {
        StringBuilder trees = new StringBuilder();
        for (String path : SOURCES) {
            Commands.Result tree = git(repo, "rev-parse", "--verify", "--quiet", commit + ":" + path);
            if (!tree.ok() || tree.firstLine().isBlank()) {
                if (path.equals("gateway")) {
                    throw new LabException("commit " + TrendWriter.shortCommit(commit)
                            + " has no gateway/ folder: COMMITS must be commits of the lab");
                }
                trees.append(path).append(" -\n");
                continue;
            }
            trees.append(path).append(' ').append(tree.firstLine().strip()).append('\n');
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(trees.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static void buildAt(Path repo, String commit, Path cache, List<String> build, Path jar) {
        Path tree = JarCache.worktree(cache, TrendWriter.shortCommit(commit));
        Commands.Result added = git(repo, "worktree", "add", "--detach", tree.toString(), commit);
        if (!added.ok()) {
            throw new LabException(
                    "git worktree add of " + TrendWriter.shortCommit(commit) + " failed: " + added.lastLine());
        }
        try {
            Commands.Result built = Commands.run(build, tree, Map.of(), BUILD_LIMIT);
            Path made = tree.resolve("gateway/target/gateway.jar");
            if (!built.ok() || !Files.isRegularFile(made)) {
                throw new LabException("building the gateway at " + TrendWriter.shortCommit(commit) + " failed ("
                        + String.join(" ", build) + "): " + built.lastLine());
            }
            keep(made, jar, TrendWriter.shortCommit(commit));
        }
        finally {
            git(repo, "worktree", "remove", "--force", tree.toString());
        }
    }

    /**
     * Copies a jar the build made into the cache under this process's part name, checks
     * the copy, and renames it over {@code jar}: a jar that is not whole never enters the
     * cache.
     */
    private static void keep(Path made, Path jar, String commit) {
        Path part = JarCache.part(jar);
        try {
            Files.copy(made, part, StandardCopyOption.REPLACE_EXISTING);
            String damage = JarCache.damage(part);
            if (damage != null) {
                throw new LabException("the build at " + commit + " made " + made.getFileName() + ", but " + damage
                        + ": it is not kept");
            }
            Files.move(part, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (IOException ex) {
            throw new LabException("cannot keep the jar of " + commit + " in " + jar + ": " + LabException.describe(ex),
                    ex);
        }
        finally {
            JarCache.deleteTree(part);
        }
    }

    static Commands.Result git(Path repo, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        return Commands.run(command, null, Map.of(), GIT_LIMIT);
    }

}
