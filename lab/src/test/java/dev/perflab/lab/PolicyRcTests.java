package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The policy-rc.d that lab/setup.sh writes while it installs (Debian's service starts
 * forbidden), on a fake machine ({@link SetupScriptFixture}): found and removed when a
 * killed run left it, kept while its writer runs, and written at the path given, which
 * never reaches root's shell as code.
 */
class PolicyRcTests extends SetupScriptFixture {

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

}
