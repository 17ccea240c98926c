package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.system.Commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * lab/hosts.sh: real network namespaces with a real sshd each, kept apart from a user's
 * hosts by their own state folder, name prefix (perflab-t) and addresses (198.19.i.2).
 */
class HostsScriptTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final Path STATE = ROOT.resolve("lab/target/hosts-test/hosts");

    private static final Path CONFIG = STATE.resolve("ssh_config");

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @AfterEach
    void down() {
        if (asRoot()) {
            hosts("down");
        }
    }

    @Test
    void upMakesHostsThatReachOnlyEachOtherAndDownRemovesEverything() throws IOException {
        needRoot();
        Commands.Result up = hosts("up", "2");
        assertThat(up.exit()).as(up.output()).isZero();
        assertThat(up.output()).contains("h1  perflab-t1  198.19.1.2", "h2  perflab-t2  198.19.2.2",
                "ssh -F " + CONFIG + " h1");
        Commands.Result inside = ssh("h1", "ip -o -4 addr; ip -o -6 addr; ip route; ss -ltnH");
        assertThat(inside.exit()).as(inside.output()).isZero();
        List<String> lines = inside.output().lines().toList();
        assertThat(lines).filteredOn(line -> line.contains(" inet"))
            .extracting(line -> line.trim().split("\\s+")[3])
            .containsExactlyInAnyOrder("127.0.0.1/8", "198.19.1.2/30");
        assertThat(lines).noneMatch(line -> line.startsWith("default"))
            .anyMatch(line -> line.startsWith("198.19.2.2 dev to-h2"));
        assertThat(lines).filteredOn(line -> line.startsWith("LISTEN"))
            .extracting(line -> line.trim().split("\\s+")[3])
            .containsExactly("198.19.1.2:22");
        Commands.Result hop = ssh("h1", "ssh -F " + CONFIG + " h2 hostname -I");
        assertThat(hop.exit()).as(hop.output()).isZero();
        assertThat(hop.output().strip()).isEqualTo("198.19.2.2");
        assertThat(run("ip", "netns", "exec", "perflab-t1", "ip", "route", "get", "192.0.2.1").exit())
            .as("no route out of a host")
            .isNotZero();
        assertThat(run("ip", "netns", "exec", "perflab-t1", "ip", "route", "get", "198.19.2.1").exit())
            .as("no route to this machine's end of another host's veth")
            .isNotZero();
        List<Long> sshds = List.of(pid("h1"), pid("h2"));
        assertThat(sshds).allMatch(HostsScriptTests::running);

        Commands.Result down = hosts("down");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(down.output()).contains("hosts: removing 2 namespaces (2 hosts up");
        assertNothingLeft();
        assertThat(sshds).noneMatch(HostsScriptTests::running);
    }

    @Test
    void aKilledUpLeavesHostsThatTheNextUpRemoves() throws IOException, InterruptedException {
        needRoot();
        ProcessBuilder builder = new ProcessBuilder("bash", "lab/hosts.sh", "up", "3").directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(environment());
        Process up = builder.start();
        Path second = Path.of("/run/netns/perflab-t2");
        for (int i = 0; i < 3000 && up.isAlive() && !Files.exists(second); i++) {
            Thread.sleep(5);
        }
        up.destroyForcibly().waitFor();
        assertThat(run("ip", "netns", "list").output()).as("what the killed up left").contains("perflab-t1");
        List<String> left = new ArrayList<>(run("ip", "netns", "pids", "perflab-t1").output().lines().toList());

        Commands.Result next = hosts("up", "1");
        assertThat(next.exit()).as(next.output()).isZero();
        assertThat(next.output()).contains("hosts: removing", "(pid " + up.pid() + ")");
        assertThat(run("ip", "netns", "list").output()).contains("perflab-t1").doesNotContain("perflab-t2");
        assertThat(left).noneMatch(pid -> running(Long.parseLong(pid.strip())));
        assertThat(hosts("down").exit()).isZero();
        assertNothingLeft();
    }

    @Test
    void hostsWhoseMakerDiedAreReportedAsLeftAndDownRemovesThem() throws IOException, InterruptedException {
        needRoot();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.createDirectories(STATE);
        Files.writeString(STATE.resolve("owner"), gone.pid() + " 1 making 2\n");
        Files.writeString(STATE.resolve("hosts"), "perflab-t1\n");
        assertThat(run("ip", "netns", "add", "perflab-t1").exit()).isZero();
        assertThat(run("ip", "link", "add", "perflab-t1", "type", "veth", "peer", "name", "eth0", "netns", "perflab-t1")
            .exit()).isZero();

        Commands.Result status = hosts("status");
        assertThat(status.exit()).isNotZero();
        assertThat(status.firstLine())
            .isEqualTo("hosts left by lab/hosts.sh up (pid " + gone.pid() + "), killed while it made them");
        Commands.Result down = hosts("down");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(down.firstLine()).isEqualTo("hosts: removing 1 namespace (hosts left by lab/hosts.sh up (pid "
                + gone.pid() + "), killed while it made them)");
        assertNothingLeft();
    }

    @Test
    void aHostTheRunnersSshCannotLogIntoOrReachIsOneLineBeforeAnyLoad() throws Exception {
        needRoot();
        assertThat(hosts("up", "1").exit()).isZero();
        // this machine's own ssh has neither the host's key nor the run's key
        assertThatThrownBy(() -> LoadAgent.check(List.of("198.19.1.2"))).isInstanceOf(LabException.class)
            .message()
            .doesNotContain("\n")
            .satisfiesAnyOf(
                    message -> assertThat(message).startsWith("AGENT_HOSTS: ssh does not know agent host 198.19.1.2's "
                            + "host key (Host key verification failed.)"),
                    message -> assertThat(message).startsWith("AGENT_HOSTS: agent host 198.19.1.2 refused the key ssh "
                            + "offered (root@198.19.1.2: Permission denied (publickey).)"));
        assertThat(Files.readString(STATE.resolve("h1/sshd.log"))).contains("Connection from 198.19.1.1");
        // a host without an sshd: refused by the host itself, so nothing leaves this
        // machine
        ProcessHandle sshd = ProcessHandle.of(pid("h1")).orElseThrow();
        sshd.destroy();
        sshd.onExit().get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> LoadAgent.check(List.of("198.19.1.2"))).isInstanceOf(LabException.class)
            .hasMessageStartingWith("AGENT_HOSTS: agent host 198.19.1.2 did not answer")
            .hasMessageEndingWith("Connection refused")
            .hasMessageNotContaining("\n");
    }

    @Test
    void badInputIsOneLine(@TempDir Path empty) {
        for (List<String> args : List.of(List.<String>of(), List.of("up"), List.of("up", "0"), List.of("up", "17"),
                List.of("up", "2x"), List.of("sideways"), List.of("down", "now"))) {
            Commands.Result result = hosts(args.toArray(String[]::new));
            assertThat(result.exit()).as(args.toString()).isNotZero();
            assertThat(result.output().strip().lines()).as(args.toString()).hasSize(1);
        }
        assertThat(hosts("up", "17").output().strip()).isEqualTo("hosts: N must be from 1 to 16 hosts, not 17");
        Map<String, String> noIp = environment();
        noIp.put("PATH", empty.toString());
        Commands.Result result = Commands.run(List.of("/bin/bash", "lab/hosts.sh", "up", "2"), ROOT, noIp, LIMIT);
        assertThat(result.output().strip()).isIn("hosts: ip (iproute2) is not installed: apt-get install iproute2",
                "hosts: making network namespaces needs root: sudo lab/hosts.sh up 2");
        assertThat(result.exit()).isNotZero();
    }

    private void assertNothingLeft() {
        assertThat(run("ip", "netns", "list").output()).doesNotContain("perflab-t");
        assertThat(run("ip", "-o", "link", "show").output()).doesNotContain("perflab-t");
        assertThat(STATE).doesNotExist();
        assertThat(Path.of("/run/perflab-hosts/perflab-t")).doesNotExist();
    }

    /** Whether process {@code pid} runs: there, and not a zombie. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        }
        catch (IOException ex) {
            return false;
        }
    }

    private long pid(String host) throws IOException {
        return Long.parseLong(Files.readString(STATE.resolve(host).resolve("sshd.pid")).strip());
    }

    private static Commands.Result ssh(String host, String command) {
        return run("ssh", "-F", CONFIG.toString(), host, command);
    }

    private static Commands.Result hosts(String... args) {
        List<String> command = new ArrayList<>(List.of("bash", "lab/hosts.sh"));
        command.addAll(List.of(args));
        return Commands.run(command, ROOT, environment(), LIMIT);
    }

    private static Commands.Result run(String... command) {
        return Commands.run(List.of(command), ROOT, LIMIT);
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("PERFLAB_HOSTS_DIR", STATE.toString());
        env.put("PERFLAB_HOSTS_PREFIX", "perflab-t");
        env.put("PERFLAB_HOSTS_NET", "19");
        return env;
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void needRoot() {
        OptionalTools.need(asRoot(), "lab/hosts.sh makes network namespaces, which needs root");
        OptionalTools.need(Files.isExecutable(Path.of("/usr/sbin/sshd")) || OptionalTools.installed("sshd"),
                "sshd is not installed (bash lab/setup.sh sshd)");
    }

}
