package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * lab/setup.sh's decisions on a fake machine: PATH holds only stub commands (uname, id,
 * sudo, apt-get, dnf, brew, ...) that record how they were called, and a package
 * manager's stub "installs" a tool by adding its stub. The real installs run in CI, where
 * the script sets up a fresh Debian machine.
 */
class SetupScriptTests {

    private static final Path SCRIPT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .resolve("lab/setup.sh");

    private static final boolean POLICY_PRESENT = Files.exists(Path.of("/usr/sbin/policy-rc.d"));

    private static final String RECORD = "echo \"${0##*/} $*\" >> \"${0%/*}/../calls\"\n";

    /** A package manager's stub "installs" a tool by adding its stub next to itself. */
    private static final String ADD_TOOLS = """
            for arg in "$@"; do
              case "$arg" in wrk|nginx|chromium) printf '#!/bin/sh\\n' > "${0%/*}/$arg"; /bin/chmod +x "${0%/*}/$arg" ;; esac
              case "$arg" in fonts-wqy-zenhei|wqy-zenhei-fonts) printf '#!/bin/sh\\necho "WenQuanYi Zen Hei"\\n' > "${0%/*}/fc-list"; /bin/chmod +x "${0%/*}/fc-list" ;; esac
            done
            """;

    private static final String INSTALL = RECORD + ADD_TOOLS;

    @TempDir
    Path machine;

    private Path bin;

    record Outcome(int exit, String output, List<String> calls) {
    }

    @BeforeEach
    void emptyMachine() throws IOException {
        bin = Files.createDirectory(machine.resolve("bin"));
        Path mkdir = Stream.of("/bin/mkdir", "/usr/bin/mkdir")
            .map(Path::of)
            .filter(Files::isExecutable)
            .findFirst()
            .orElseThrow();
        stub("mkdir", "exec " + mkdir + " \"$@\"\n");
        stub("sh", RECORD);
        stub("rm", RECORD);
    }

    private void stub(String name, String body) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void linux(int uid) throws IOException {
        stub("uname", "echo Linux\n");
        stub("id", "echo " + uid + "\n");
    }

    private void debianAsRoot() throws IOException {
        linux(0);
        stub("apt-get", INSTALL);
    }

    private void macWithBrew() throws IOException {
        stub("uname", "echo Darwin\n");
        stub("brew", INSTALL);
    }

    private void passwordlessSudo() throws IOException {
        stub("sudo", RECORD + """
                [[ $1 == -n ]] && shift
                while [[ $1 == *=* ]]; do export "$1"; shift; done
                "$@"
                """);
    }

    private Outcome run(String... tools) throws IOException {
        return run(Map.of(), tools);
    }

    private Outcome run(Map<String, String> env, String... tools) throws IOException {
        List<String> command = Stream.concat(Stream.of("/bin/bash", SCRIPT.toString()), Stream.of(tools)).toList();
        Map<String, String> environment = new java.util.HashMap<>(Map.of("PATH", bin.toString(), "SETUP", "yes"));
        environment.putAll(env);
        Commands.Result result = Commands.run(command, machine, environment, Duration.ofSeconds(30));
        Path calls = machine.resolve("calls");
        return new Outcome(result.exit(), result.output(), Files.exists(calls) ? Files.readAllLines(calls) : List.of());
    }

    private String note(String tool) throws IOException {
        return Files.readString(machine.resolve("lab/target/setup").resolve(tool)).strip();
    }

    @Test
    void toolsAlreadyInstalledNeedNoPackageManagerAndNoOutput() throws IOException {
        debianAsRoot();
        stub("wrk", "");
        stub("nginx", "");
        Outcome outcome = run("wrk", "nginx?");
        assertThat(outcome.exit()).isZero();
        assertThat(outcome.output()).isEmpty();
        assertThat(outcome.calls()).noneMatch(call -> call.startsWith("apt-get"));
    }

    @Test
    void debianAsRootInstallsEachMissingToolWithAptGet() throws IOException {
        debianAsRoot();
        Outcome outcome = run("wrk", "nginx?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.output().lines()).containsExactly("setup: installing wrk with apt-get ...",
                "setup: installing nginx with apt-get ...");
        assertThat(outcome.calls().stream().filter(call -> call.startsWith("apt-get"))).containsExactly(
                "apt-get install -y -q --no-install-recommends wrk",
                "apt-get install -y -q --no-install-recommends nginx");
        assertThat(bin.resolve("wrk")).isExecutable();
        if (POLICY_PRESENT) {
            assertThat(outcome.calls()).as("this machine's own policy-rc.d stays as it is")
                .noneMatch(c -> c.startsWith("sh ") || c.startsWith("rm "));
        }
        else {
            assertThat(outcome.calls().get(0)).as("service starts forbidden before the first install")
                .startsWith("sh -c")
                .contains("exit 101")
                .endsWith(" /usr/sbin/policy-rc.d");
            assertThat(outcome.calls().get(outcome.calls().size() - 1)).isEqualTo("rm -f /usr/sbin/policy-rc.d");
        }
    }

    /**
     * A kill -9 skips the EXIT trap that removes the policy forbidding service starts,
     * and every later Debian package could not start its service (issue 37): the policy
     * names the process that wrote it, and the next run removes one whose process is
     * gone, never one whose process lives or that someone else wrote.
     */
    @Test
    void aPolicyLeftByAKilledRunIsRemovedAndNoOtherIs() throws IOException {
        debianAsRoot();
        Path policy = machine.resolve("policy-rc.d");
        String marker = "# perflab: forbids service starts while it installs, pid ";
        Map<String, String> env = Map.of("PERFLAB_POLICY_RC", policy.toString());
        Files.writeString(policy, "#!/bin/sh\n" + marker + "999999999\nexit 101\n");
        Outcome stale = run(env, "wrk");
        assertThat(stale.exit()).as(stale.output()).isZero();
        assertThat(stale.output())
            .contains("setup: removing " + policy + ", which a lab run (pid 999999999) left when it was killed");
        assertThat(stale.calls().get(0)).isEqualTo("rm -f " + policy);
        for (String other : new String[] { "#!/bin/sh\n" + marker + ProcessHandle.current().pid() + "\nexit 101\n",
                "#!/bin/sh\n# the machine's own\nexit 101\n" }) {
            Files.writeString(policy, other);
            Files.deleteIfExists(machine.resolve("calls"));
            Files.deleteIfExists(bin.resolve("wrk"));
            Outcome kept = run(env, "wrk");
            assertThat(kept.exit()).as(kept.output()).isZero();
            assertThat(kept.calls()).as(other).noneMatch(c -> c.startsWith("rm ") || c.startsWith("sh "));
            assertThat(kept.output()).doesNotContain("removing");
        }
        Files.delete(policy);
        Files.deleteIfExists(machine.resolve("calls"));
        Files.deleteIfExists(bin.resolve("wrk"));
        Outcome fresh = run(env, "wrk");
        assertThat(fresh.calls().get(0)).as("the policy written names this run's process and its start time")
            .startsWith("sh -c ")
            .matches("(?s).*exit 101.* " + Pattern.quote(marker) + "\\d+ started \\d+ "
                    + Pattern.quote(policy.toString()));
    }

    /**
     * A policy a killed run left is removed whatever this run installs (issue 52: it was
     * removed only on the way to an install), and a live pid that is not the writer's
     * process (another start time: the pid was given to a later process) is not taken for
     * the writer.
     */
    @Test
    void aStalePolicyIsRemovedWhenNothingIsInstalledAndARecycledPidIsNoWriter() throws IOException {
        debianAsRoot();
        stub("wrk", "");
        Path policy = machine.resolve("policy-rc.d");
        Map<String, String> env = Map.of("PERFLAB_POLICY_RC", policy.toString());
        long pid = ProcessHandle.current().pid();
        String marker = "# perflab: forbids service starts while it installs, pid " + pid + " started ";
        String started = Files.readString(Path.of("/proc/self/stat")).replaceFirst("(?s).*\\) ", "").split(" ")[19];
        Files.writeString(policy, "#!/bin/sh\n" + marker + started + "\nexit 101\n");
        Outcome live = run(env, "wrk");
        assertThat(live.calls()).as("its writer still runs").isEmpty();
        assertThat(live.output()).isEmpty();
        Files.writeString(policy, "#!/bin/sh\n" + marker + "1\nexit 101\n");
        Outcome recycled = run(env, "wrk");
        assertThat(recycled.exit()).as(recycled.output()).isZero();
        assertThat(recycled.output().strip())
            .isEqualTo("setup: removing " + policy + ", which a lab run (pid " + pid + ") left when it was killed");
        assertThat(recycled.calls()).containsExactly("rm -f " + policy);
    }

    /**
     * The policy's path reaches root's shell as an argument: a path with a space and a
     * {@code ;} is written as it is, and nothing in it runs.
     */
    @Test
    void thePolicyPathIsNeverCodeForRootsShell() throws IOException {
        debianAsRoot();
        stub("sh", RECORD + "PATH=/usr/bin:/bin exec /bin/sh \"$@\"\n");
        stub("apt-get", RECORD + "[[ -x $PERFLAB_POLICY_RC ]] && : > \"${0%/*}/../guarded\"\n" + ADD_TOOLS);
        Path policy = Files.createDirectory(machine.resolve("odd dir")).resolve("policy;touch injected");
        Outcome outcome = run(Map.of("PERFLAB_POLICY_RC", policy.toString()), "wrk");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(machine.resolve("guarded")).as("the install ran under the policy").exists();
        assertThat(policy).content()
            .matches(
                    "#!/bin/sh\n# perflab: forbids service starts while it installs, pid \\d+ started \\d+\nexit 101\n");
        assertThat(machine.resolve("injected")).doesNotExist();
        assertThat(machine.resolve("odd dir/injected")).doesNotExist();
        assertThat(outcome.calls().get(outcome.calls().size() - 1)).isEqualTo("rm -f " + policy);
    }

    @Test
    void packageListsAreUpdatedOnceAndOnlyAfterAnInstallFailed() throws IOException {
        linux(0);
        stub("apt-get", RECORD + """
                [[ $1 == update ]] && : > "${0%/*}/../updated"
                [[ $1 == install && ! -e "${0%/*}/../updated" ]] && { echo "E: Unable to locate package"; exit 100; }
                """ + ADD_TOOLS);
        Outcome outcome = run("wrk", "nginx?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.calls().stream().filter(call -> call.startsWith("apt-get"))).containsExactly(
                "apt-get install -y -q --no-install-recommends wrk", "apt-get update -q",
                "apt-get install -y -q --no-install-recommends wrk",
                "apt-get install -y -q --no-install-recommends nginx");
    }

    @Test
    void debianAsUserGoesThroughPasswordlessSudo() throws IOException {
        linux(1000);
        stub("apt-get", INSTALL);
        passwordlessSudo();
        Outcome outcome = run("wrk");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.calls()).contains("sudo -n true",
                "sudo -n DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends wrk",
                "apt-get install -y -q --no-install-recommends wrk");
    }

    @Test
    void withoutRootOrPasswordlessSudoARequiredToolStopsWithTheCommandToRun() throws IOException {
        linux(1000);
        stub("apt-get", INSTALL);
        stub("sudo", RECORD + "echo 'sudo: a password is required' >&2; exit 1\n");
        Outcome outcome = run("wrk", "nginx?");
        assertThat(outcome.exit()).isEqualTo(1);
        assertThat(outcome.output().lines()).containsExactly(
                "setup: wrk is not installed (no root and no passwordless sudo): sudo apt-get install wrk",
                "setup: nginx is not installed (no root and no passwordless sudo): sudo apt-get install nginx");
        assertThat(outcome.calls()).containsExactly("sudo -n true");
    }

    @Test
    void anOptionalToolThatCannotBeInstalledLeavesItsLineAsTheReasonAndExitsZero() throws IOException {
        linux(1000);
        stub("apt-get", INSTALL);
        stub("wrk", "");
        Outcome outcome = run("wrk", "nginx?", "chromium?");
        assertThat(outcome.exit()).isZero();
        assertThat(outcome.output().lines()).containsExactly(
                "setup: nginx is not installed (no root and no passwordless sudo): sudo apt-get install nginx",
                "setup: chromium is not installed (no root and no passwordless sudo): sudo apt-get install chromium");
        assertThat(note("nginx"))
            .isEqualTo("nginx is not installed (no root and no passwordless sudo): sudo apt-get install nginx");
        assertThat(note("chromium")).startsWith("chromium is not installed");
        assertThat(machine.resolve("lab/target/setup/wrk")).doesNotExist();
    }

    @Test
    void aFailedInstallNamesItsLogAndTheCommand() throws IOException {
        linux(0);
        stub("apt-get", RECORD + "[[ $1 == update ]] || { echo 'E: Unable to locate package wrk'; exit 100; }\n");
        Outcome outcome = run("wrk");
        assertThat(outcome.exit()).isEqualTo(1);
        assertThat(outcome.calls().stream().filter(call -> call.startsWith("apt-get"))).containsExactly(
                "apt-get install -y -q --no-install-recommends wrk", "apt-get update -q",
                "apt-get install -y -q --no-install-recommends wrk");
        assertThat(outcome.output().lines()).containsExactly("setup: installing wrk with apt-get ...",
                "setup: wrk is not installed (apt-get failed, see lab/target/setup/wrk.log): apt-get install wrk");
        assertThat(machine.resolve("lab/target/setup/wrk.log")).content().contains("Unable to locate package wrk");
    }

    /**
     * make charts' optional Chinese font: missing where fontconfig knows none for zh, and
     * there once the package is in.
     */
    @Test
    void aChineseFontIsInstalledWhereFontconfigKnowsNone() throws IOException {
        debianAsRoot();
        Outcome outcome = run("chromium", "cjk-font?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.calls().stream().filter(call -> call.startsWith("apt-get"))).containsExactly(
                "apt-get install -y -q --no-install-recommends chromium",
                "apt-get install -y -q --no-install-recommends fonts-wqy-zenhei");
        assertThat(machine.resolve("lab/target/setup/cjk-font")).doesNotExist();
        Outcome again = run("chromium", "cjk-font?");
        assertThat(again.output()).as("both there now: nothing to do").isEmpty();
    }

    @Test
    void fedoraUsesDnf() throws IOException {
        linux(0);
        stub("dnf", INSTALL);
        Outcome outcome = run("wrk", "chromium?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.output().lines()).containsExactly("setup: installing wrk with dnf ...",
                "setup: installing chromium with dnf ...");
        assertThat(outcome.calls()).containsExactly("dnf install -y -q wrk", "dnf install -y -q chromium");
    }

    @Test
    void aptGetWinsWhereDnfIsAlsoPresent() throws IOException {
        debianAsRoot();
        stub("dnf", INSTALL);
        assertThat(run("wrk").calls()).contains("apt-get install -y -q --no-install-recommends wrk")
            .noneMatch(c -> c.startsWith("dnf"));
    }

    @Test
    void macOsUsesBrewWithoutRootAndChromiumAsACask() throws IOException {
        macWithBrew();
        stub("id", RECORD + "echo 0\n");
        passwordlessSudo();
        Outcome outcome = run("wrk", "chromium?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.output().lines()).containsExactly("setup: installing wrk with brew ...",
                "setup: installing chromium with brew ...");
        assertThat(outcome.calls()).containsExactly("brew install wrk", "brew install --cask chromium");
    }

    @Test
    void aToolStillMissingAfterItsPackageInstalledIsSaidSo() throws IOException {
        stub("uname", "echo Darwin\n");
        stub("brew", RECORD);
        Outcome outcome = run("chromium?");
        assertThat(outcome.exit()).isZero();
        assertThat(outcome.output()).contains(
                "setup: chromium is not installed (brew installed --cask chromium but chromium is not on the PATH): brew install --cask chromium");
    }

    @Test
    void macOsWithoutHomebrewSaysWhereToGetIt() throws IOException {
        stub("uname", "echo Darwin\n");
        Outcome outcome = run("wrk");
        assertThat(outcome.exit()).isEqualTo(1);
        assertThat(outcome.output().strip()).isEqualTo(
                "setup: wrk is not installed: Homebrew is not installed: see https://brew.sh, then brew install wrk");
    }

    @Test
    void anUnknownPlatformNamesTheToolAndFailsOnlyForARequiredOne() throws IOException {
        linux(0);
        assertThat(run("nginx?").exit()).isZero();
        Outcome outcome = run("wrk");
        assertThat(outcome.exit()).isEqualTo(1);
        assertThat(outcome.output().strip()).isEqualTo(
                "setup: wrk is not installed: no apt-get, dnf or brew here: install wrk with this system's package manager");
    }

    @Test
    void pythonVenvIsInstalledWhereThereIsNoRecentGoToBuildVegetaWith() throws IOException {
        linux(0);
        stub("apt-get",
                RECORD + """
                        [[ $* == *python3-venv* ]] && printf '#!/bin/sh\n' > "${0%/*}/python3" && /bin/chmod +x "${0%/*}/python3"
                        """);
        stub("go", "echo go1.19.8\n");
        Outcome outcome = run("venv?");
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(outcome.output().lines()).containsExactly("setup: installing venv with apt-get ...");
        assertThat(outcome.calls().stream().filter(call -> call.startsWith("apt-get")))
            .containsExactly("apt-get install -y -q --no-install-recommends python3-venv");
    }

    @Test
    void pythonVenvIsNotNeededWithGo121OrNewerOrVegetaBuilt() throws IOException {
        debianAsRoot();
        stub("go", "echo go1.22.4\n");
        Outcome withGo = run("venv?");
        assertThat(withGo.exit()).isZero();
        assertThat(withGo.calls()).noneMatch(call -> call.startsWith("apt-get"));

        stub("go", "echo go1.19.8\n");
        Path vegeta = Files.createDirectories(machine.resolve("tools/vegeta-12.13.0")).resolve("vegeta");
        Files.writeString(vegeta, "");
        Outcome built = run("venv?");
        assertThat(built.exit()).isZero();
        assertThat(built.output()).isEmpty();
        assertThat(built.calls()).noneMatch(call -> call.startsWith("apt-get"));
    }

    @Test
    void setupNoChecksAndInstallsNothing() throws IOException {
        debianAsRoot();
        Outcome outcome = run(Map.of("SETUP", "no"), "wrk");
        assertThat(outcome.exit()).isZero();
        assertThat(outcome.output()).isEmpty();
        assertThat(outcome.calls()).isEmpty();
    }

    @Test
    void anUnknownToolIsAUsageError() throws IOException {
        debianAsRoot();
        Outcome outcome = run("wrk", "curl");
        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.output()).startsWith("usage: lab/setup.sh").contains("venv");
        assertThat(outcome.calls()).isEmpty();
    }

}
