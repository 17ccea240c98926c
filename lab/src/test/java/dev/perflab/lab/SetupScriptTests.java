package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * lab/setup.sh's decisions on a fake machine: PATH holds only stub commands (uname, id,
 * sudo, apt-get, dnf, brew, ...) that record how they were called, and a package
 * manager's stub "installs" a tool by adding its stub. The real installs run in CI, where
 * the script sets up a fresh Debian machine.
 */
class SetupScriptTests extends SetupScriptFixture {

    private static final boolean POLICY_PRESENT = Files.exists(Path.of("/usr/sbin/policy-rc.d"));

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
