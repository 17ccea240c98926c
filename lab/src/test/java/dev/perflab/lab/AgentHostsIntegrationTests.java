package dev.perflab.lab;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.paired.GatewayHost;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.VegetaResults;
import dev.perflab.lab.stats.HostProc;
import dev.perflab.lab.stats.ThreadCpu;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.ServiceLauncher;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * make capacity's load agents over real ssh, into namespace hosts of lab/hosts.sh (the
 * prefix, addresses and state of {@link HostsScriptTests}): every host that cannot serve
 * is one line before any load, and two agent hosts offer a step to business-service on a
 * third, their results merged exactly. Traffic stays between this machine and the
 * namespaces the test made.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AgentHostsIntegrationTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final Path STATE = ROOT.resolve("lab/target/hosts-test/hosts");

    private static final Path CONFIG = STATE.resolve("ssh_config");

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    private Commands.Child backend;

    @AfterEach
    void down() {
        if (backend != null) {
            backend.stop(Duration.ofSeconds(5));
        }
        if (asRoot()) {
            hosts("down");
        }
    }

    @Test
    void anAgentHostThatCannotServeIsOneLineBeforeAnyLoad() throws Exception {
        needRoot();
        VegetaInstaller.ensure(ROOT, new PrintWriter(System.out, true));
        Commands.Result up = hosts("up", "1");
        assertThat(up.exit()).as(up.output()).isZero();
        assertThat(up.output()).contains("vegeta on the hosts' PATH: " + VegetaInstaller.binary(ROOT));
        Path results = Files.createDirectories(temp.resolve("results"));

        // the apps this machine starts listen on its loopback, which no agent host
        // reaches
        assertThat(capacity(results, null, "h1", CONFIG)).isEqualTo(1);
        assertThat(line()).isEqualTo("lab: AGENT_HOSTS: agent host h1 (ssh) cannot reach the apps RUNTIME=local "
                + "starts, which listen on this machine's 127.0.0.1: measure a system the agent hosts reach with "
                + "RUNTIME=remote REMOTE=<file>, or use loopback agent hosts");

        // a target the host reaches (this machine's end of its veth) where nothing
        // listens
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("198.19.1.1"))) {
            closed = socket.getLocalPort();
        }
        String url = "http://198.19.1.1:" + closed + "/hello";
        Path remote = remoteFile("198.19.1.1:" + closed);
        assertThat(capacity(results, remote, "h1", CONFIG)).isEqualTo(1);
        assertThat(line()).startsWith("lab: AGENT_HOSTS: agent host h1 cannot reach " + url + ": Get ")
            .contains("connection refused");

        // a key the host does not take
        Commands.Result keygen = run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                temp.resolve("other").toString());
        assertThat(keygen.exit()).as(keygen.output()).isZero();
        Path wrongKey = temp.resolve("wrong_ssh_config");
        Files.writeString(wrongKey, Files.readString(CONFIG)
            .replaceAll("IdentityFile .*", "IdentityFile " + temp.resolve("other").toString().replace("\\", "\\\\")));
        assertThat(capacity(results, remote, "h1", wrongKey)).isEqualTo(1);
        assertThat(line()).startsWith(
                "lab: AGENT_HOSTS: agent host h1 refused the key ssh offered (root@198.19.1.2: Permission denied (publickey).)");
        // make compare GATEWAY_HOST=h1: the same key refused by the gateway host
        assertThat(pair(results, wrongKey, "--gateway-host", "h1")).isEqualTo(1);
        assertThat(line()).startsWith("lab: GATEWAY_HOST: gateway host h1 refused the key ssh offered "
                + "(root@198.19.1.2: Permission denied (publickey).)");
        // make lab ONLY=reactive,log-quiet GATEWAY_HOST=h1 checks the host the same way
        CommandLine lab = LabCommand.commandLine();
        lab.setOut(new PrintWriter(out, true));
        lab.setErr(new PrintWriter(err, true));
        assertThat(lab.execute("paired-lab", "--results", results.toString(), "--root", ROOT.toString(), "--only",
                "reactive,log-quiet", "--gateway-host", "h1", "--ssh-config", wrongKey.toString()))
            .isEqualTo(1);
        assertThat(line()).startsWith("lab: GATEWAY_HOST: gateway host h1 refused the key ssh offered "
                + "(root@198.19.1.2: Permission denied (publickey).)");
        // agents elsewhere cannot reach gateways on this machine's loopback
        assertThat(pair(results, CONFIG, "--agent-hosts", "h1")).isEqualTo(1);
        assertThat(line()).startsWith("lab: AGENT_HOSTS for make compare needs GATEWAY_HOST=<host>");
        // a gateway host without the JDK at this machine's path
        Path noJava = temp.resolve("no-jdk/bin/java");
        assertThatThrownBy(() -> GatewayHost.check("h1", CONFIG, List.of(noJava), List.of()))
            .hasMessage("GATEWAY_HOST: gateway host h1 has no java at " + noJava + ": the gateways run there from the "
                    + "same paths as here (a host of lab/hosts.sh shares this machine's files; on a real host install "
                    + "the same JDK and copy the jar to the same path)");

        // a host without vegeta on its PATH
        Files.delete(STATE.resolve("bin/vegeta"));
        assertThat(capacity(results, remote, "h1", CONFIG)).isEqualTo(1);
        assertThat(line()).isEqualTo("lab: AGENT_HOSTS: agent host h1 has no vegeta on its PATH (bash: line 1: "
                + "vegeta: command not found): install vegeta " + VegetaInstaller.VERSION + " there (go install "
                + VegetaInstaller.MODULE + "@v" + VegetaInstaller.VERSION + ")");

        assertThat(pair(results, CONFIG, "--gateway-host", "h1", "--agent-hosts", "h1")).isEqualTo(1);
        assertThat(line()).startsWith("lab: AGENT_HOSTS: agent host h1 has no vegeta on its PATH");

        // a host that does not answer: its sshd stopped, so the host itself refuses
        ProcessHandle sshd = ProcessHandle.of(Long.parseLong(Files.readString(STATE.resolve("h1/sshd.pid")).strip()))
            .orElseThrow();
        sshd.destroy();
        sshd.onExit().get(10, TimeUnit.SECONDS);
        assertThat(capacity(results, remote, "h1", CONFIG)).isEqualTo(1);
        assertThat(line()).startsWith("lab: AGENT_HOSTS: agent host h1 did not answer 'ssh -F " + CONFIG)
            .endsWith("ssh: connect to host 198.19.1.2 port 22: Connection refused");
        assertThat(pair(results, CONFIG, "--gateway-host", "h1")).isEqualTo(1);
        assertThat(line()).startsWith("lab: GATEWAY_HOST: gateway host h1 did not answer 'ssh -F " + CONFIG)
            .endsWith("ssh: connect to host 198.19.1.2 port 22: Connection refused");

        // an ssh config that is not there
        assertThat(capacity(results, remote, "h1", temp.resolve("missing"))).isEqualTo(1);
        assertThat(line()).startsWith("lab: SSH_CONFIG=" + temp.resolve("missing") + ": no such file");
        assertThat(results).as("nothing started, nothing written").isEmptyDirectory();
    }

    @Test
    void twoAgentHostsOfferTheirSharesOfAStepAndTheMergeIsTheUnionOfTheirResults() throws Exception {
        needRoot();
        VegetaInstaller.ensure(ROOT, new PrintWriter(System.out, true));
        Commands.Result up = hosts("up", "3");
        assertThat(up.exit()).as(up.output()).isZero();
        backend = startBackendOnHost3();
        Path results = Files.createDirectories(temp.resolve("results"));

        // make capacity RUNTIME=remote AGENT_HOSTS=h1,h2: 200 req/s for 3 s, 100 from
        // each
        assertThat(capacity(results, remoteFile("198.19.3.2:38072"), "h1,h2", CONFIG, "--rates", "200",
                "--step-duration", "3s", "--subwindow", "3s"))
            .as(out + err.toString())
            .isZero();
        Path run = results.resolve("latest").toRealPath();
        JsonNode capacity = RunFolder.JSON.readTree(run.resolve("summary.json").toFile())
            .path("rungs")
            .get(0)
            .path("capacity");
        assertThat(capacity.path("agents")).hasSize(2);
        assertThat(capacity.path("agents").get(0).path("host").asString()).isEqualTo("h1");
        assertThat(capacity.path("agents").get(1).path("via").asString()).isEqualTo(LoadAgent.SSH);
        JsonNode point = capacity.path("points").get(0);
        long first = point.path("agent_requests").get(0).asLong();
        long second = point.path("agent_requests").get(1).asLong();
        assertThat(first).isBetween(290L, 301L);
        assertThat(second).isBetween(290L, 301L);
        assertThat(point.path("requests").asLong()).isEqualTo(first + second);
        assertThat(point.path("errors").asLong()).isZero();
        Histogram merged = histogram(stepFile(run, "load.hdr"));
        assertThat(merged.getTotalCount()).isEqualTo(first + second);
        assertThat(point.path("p99_ms").asDouble()).isEqualTo(ms(merged.getValueAtPercentile(99)));
        assertThat(point.path("p50_ms").asDouble()).isEqualTo(ms(merged.getValueAtPercentile(50)));
        assertThat(RunFolder.JSON.readTree(run.resolve("run.json").toFile())
            .path("parameters")
            .path("ssh_config")
            .asString()).isEqualTo(CONFIG.toString());

        // the same agents' raw results, kept: the merged percentiles are those of their
        // union
        List<LoadAgent> agents = LoadAgent.check(List.of("h1", "h2"), CONFIG);
        Path kept = temp.resolve("kept");
        LoadResult offered = new VegetaGenerator(ROOT, new VegetaGenerator.Load(201, 0, Duration.ofSeconds(10)),
                new PrintWriter(System.out, true), List.of(), agents)
            .keepingResults(kept)
            .offer(URI.create("http://198.19.3.2:38072/hello"), null, Duration.ofSeconds(2));
        List<Long> one = VegetaResults.latenciesFromIntendedSend(ROOT, kept.resolve("agent-1.bin"), 101);
        List<Long> two = VegetaResults.latenciesFromIntendedSend(ROOT, kept.resolve("agent-2.bin"), 100);
        assertThat(offered.agentRequests()).containsExactly((long) one.size(), (long) two.size());
        Histogram union = new Histogram(3);
        Stream.concat(one.stream(), two.stream()).forEach(union::recordValue);
        assertThat(offered.histogram()).isEqualTo(union);
        assertThat(offered.latency().percentile("99")).isEqualTo(union.getValueAtPercentile(99) / 1000.0);

        long backendPid = backend.pid();
        Commands.Result down = hosts("down");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(run("ip", "netns", "list").output()).doesNotContain("perflab-t");
        assertThat(run("ip", "-o", "link", "show").output()).doesNotContain("perflab-t");
        assertThat(STATE).doesNotExist();
        assertThat(ProcessHandle.of(backendPid).map(ProcessHandle::isAlive)).as("business-service on h3")
            .isNotEqualTo(java.util.Optional.of(true));
    }

    @Test
    void aPairAcrossHostsRunsBothGatewaysOnTheGatewayHostWithTheLoadFromTwoAgentHosts() throws Exception {
        needRoot();
        VegetaInstaller.ensure(ROOT, new PrintWriter(System.out, true));
        Commands.Result up = hosts("up", "3");
        assertThat(up.exit()).as(up.output()).isZero();

        // the reading over ssh is the local one: this JVM's /proc read here, then on h2
        // over ssh, then here again brackets every thread's and the process's CPU
        long self = ProcessHandle.current().pid();
        HostProc.Reading before = HostProc.local(self);
        Commands.Result read = run("ssh", "-F", CONFIG.toString(), "h2", HostProc.script(List.of(self)));
        HostProc.Reading after = HostProc.local(self);
        assertThat(read.exit()).as(read.output()).isZero();
        HostProc.Reading remote = HostProc.parse(read.output()).get(self);
        assertThat(remote.processMs()).isBetween(before.processMs(), after.processMs());
        int common = 0;
        for (Map.Entry<Long, ThreadCpu.Thread> thread : remote.threads().threads().entrySet()) {
            ThreadCpu.Thread first = before.threads().threads().get(thread.getKey());
            ThreadCpu.Thread last = after.threads().threads().get(thread.getKey());
            if (first != null && last != null) {
                common++;
                assertThat(thread.getValue().kind()).isEqualTo(first.kind());
                assertThat(thread.getValue().nanos()).as("thread %d", thread.getKey())
                    .isBetween(first.nanos(), last.nanos());
            }
        }
        assertThat(common).as("threads read both ways").isGreaterThan(10);

        // make compare A_GATEWAY=reactive B_GATEWAY=reactive GATEWAY_HOST=h2
        // AGENT_HOSTS=h3,h1 at 100 req/s a side
        Path results = Files.createDirectories(temp.resolve("results"));
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int code = line.execute("pair", "--results", results.toString(), "--root", ROOT.toString(), "--a-gateway",
                "reactive", "--b-gateway", "reactive", "--gateway-host", "h2", "--agent-hosts", "h3,h1", "--ssh-config",
                CONFIG.toString(), "--passes", "2", "--duration", "4s", "--subwindow", "2s", "--warmup", "2s",
                "--warmup-probe", "2s", "--rate", "100", "--java-opts", "-Xms128m -Xmx128m -XX:TieredStopAtLevel=1",
                "--seed", "7");
        assertThat(code).as(out + err.toString()).isZero();
        Path run = results.resolve("latest").toRealPath();
        JsonNode hosts = RunFolder.JSON.readTree(run.resolve("run.json").toFile()).path("hosts");
        assertThat(hosts.path("gateway_host").asString()).isEqualTo("h2");
        assertThat(hosts.path("gateway_address").asString()).isEqualTo("198.19.2.2");
        assertThat(hosts.path("backends_address").asString()).isEqualTo("198.19.2.1");
        assertThat(hosts.path("agents")).hasSize(2);
        assertThat(hosts.path("gateway_pids")).hasSize(2);
        List<List<Long>> offered = new ArrayList<>();
        for (JsonNode offer : hosts.path("agent_requests")) {
            List<Long> sums = new ArrayList<>();
            for (String side : List.of("A", "B")) {
                assertThat(offer.path(side)).as("each agent's share of " + side).hasSize(2);
                offer.path(side).forEach(agent -> assertThat(agent.asLong()).isPositive());
                sums.add(offer.path(side).get(0).asLong() + offer.path(side).get(1).asLong());
            }
            offered.add(sums);
        }
        JsonNode pair = RunFolder.JSON.readTree(run.resolve("pair.json").toFile());
        assertThat(pair.path("passes_done").asInt()).isEqualTo(2);
        for (JsonNode pass : pair.path("pass_results")) {
            for (JsonNode window : pass.path("windows")) {
                assertThat(offered).as("a window's requests are what the agents offered")
                    .contains(List.of(window.path("a").path("requests").asLong(),
                            window.path("b").path("requests").asLong()));
            }
            for (String side : List.of("a", "b")) {
                assertThat(pass.path(side).path("errors").asLong()).isZero();
                assertThat(pass.path(side).path("requests").asLong()).isBetween(390L, 401L);
                assertThat(pass.path(side).path("cpu_ms_per_request").asDouble()).isPositive();
                assertThat(pass.path(side).path("bytes_per_request").asDouble()).isGreaterThan(1_000);
                // the host's nanoseconds thread by thread and its clock ticks agree
                double ns = pass.path(side).path("cpu_ms").asDouble();
                double ticks = pass.path(side).path("cpu_ms_ticks").asDouble();
                assertThat(ns).as(side + ": " + pass).isCloseTo(ticks, within(0.05 * ticks + 80));
            }
        }
        List<Long> gateways = new ArrayList<>();
        hosts.path("gateway_pids").forEach(pass -> pass.forEach(pid -> gateways.add(pid.asLong())));
        assertThat(gateways).hasSize(4).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());

        List<Long> sshds = new ArrayList<>();
        for (String host : List.of("h1", "h2", "h3")) {
            sshds.add(Long.parseLong(Files.readString(STATE.resolve(host).resolve("sshd.pid")).strip()));
        }
        Commands.Result down = hosts("down");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(run("ip", "netns", "list").output()).doesNotContain("perflab-t");
        assertThat(run("ip", "-o", "link", "show").output()).doesNotContain("perflab-t");
        assertThat(sshds).as("the hosts' sshds").noneMatch(AgentHostsIntegrationTests::running);
        assertThat(STATE).doesNotExist();
    }

    /** business-service in host 3's namespace, on its address only. */
    private Commands.Child startBackendOnHost3() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path jar = ROOT.resolve("business-service/target/business-service.jar");
        assertThat(jar).as("built by ./mvnw -DskipTests package").isRegularFile();
        Commands.Child child = Commands
            .launch("business-service",
                    List.of("ip", "netns", "exec", "perflab-t3", java.toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1",
                            "-XX:+UseSerialGC", "-jar", jar.toString()))
            .env("SERVER_ADDRESS", "198.19.3.2")
            .env("SERVER_PORT", "38072")
            .env(ServiceLauncher.PARENT_PID, Long.toString(ProcessHandle.current().pid()))
            .output(temp.resolve("business-service.log"))
            .start();
        URI health = URI.create("http://198.19.3.2:38072/actuator/health");
        for (int i = 0; i < 600; i++) {
            try {
                if (LabHttp.get(health).statusCode() == 200) {
                    return child;
                }
            }
            catch (IOException starting) {
                // not listening yet
            }
            assertThat(child.process().isAlive()).as(() -> log()).isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("business-service on h3 did not answer within 60 s: " + log());
    }

    private String log() {
        try {
            return Files.readString(temp.resolve("business-service.log"));
        }
        catch (IOException ex) {
            return ex.toString();
        }
    }

    /**
     * A REMOTE file whose every address is {@code hostPort} (the rung is the backend's).
     */
    private Path remoteFile(String hostPort) throws IOException {
        Path file = temp.resolve("remote-" + hostPort.replace(':', '-') + ".yml");
        String prometheus = "http://" + hostPort + "/actuator/prometheus";
        Files.writeString(file, """
                gateway:
                  url: http://%1$s/service/hello
                  prometheus: %2$s
                business-service:
                  url: http://%1$s/hello
                  prometheus: %2$s
                auth-service:
                  prometheus: %2$s
                """.formatted(hostPort, prometheus));
        return file;
    }

    private int capacity(Path results, Path remote, String agentHosts, Path sshConfig, String... more) {
        List<String> args = new ArrayList<>(
                List.of("capacity", "--results", results.toString(), "--root", ROOT.toString(), "--only", "baseline",
                        "--agent-hosts", agentHosts, "--ssh-config", sshConfig.toString(), "--warmup-max", "2s",
                        "--warmup-probe", "2s", "--threads", "1", "--connections", "4"));
        if (remote != null) {
            args.addAll(List.of("--runtime", "remote", "--remote", remote.toString()));
        }
        args.addAll(List.of(more));
        if (more.length == 0) {
            args.addAll(List.of("--rates", "10", "--step-duration", "1s", "--subwindow", "1s"));
        }
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args.toArray(String[]::new));
    }

    /**
     * make compare A_GATEWAY=reactive B_GATEWAY=reactive with the test's budget: 2 passes
     * of two 2 s windows at 100 req/s a side.
     */
    private int pair(Path results, Path sshConfig, String... hosts) {
        List<String> args = new ArrayList<>(List.of("pair", "--results", results.toString(), "--root", ROOT.toString(),
                "--a-gateway", "reactive", "--b-gateway", "reactive", "--ssh-config", sshConfig.toString(), "--passes",
                "2", "--duration", "4s", "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "2s", "--rate", "100",
                "--java-opts", "-Xms128m -Xmx128m -XX:TieredStopAtLevel=1", "--seed", "7"));
        args.addAll(List.of(hosts));
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args.toArray(String[]::new));
    }

    /** Whether a process runs (a zombie its parent has not reaped yet does not). */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        }
        catch (IOException ex) {
            return false;
        }
    }

    /** The one line the runner wrote to stderr, then cleared. */
    private String line() {
        String text = err.toString().strip();
        err.getBuffer().setLength(0);
        assertThat(text).as("one line").doesNotContain("\n");
        return text;
    }

    private static Path stepFile(Path run, String name) throws IOException {
        try (Stream<Path> files = Files.walk(run)) {
            return files.filter(f -> f.getFileName().toString().equals(name) && f.toString().contains("capacity"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " under " + run));
        }
    }

    private static Histogram histogram(Path file) throws Exception {
        byte[] bytes = Base64.getDecoder().decode(Files.readString(file).strip());
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    }

    private static double ms(long micros) {
        return Math.round(micros / 1000.0 * 1000) / 1000.0;
    }

    private static Commands.Result hosts(String... args) {
        List<String> command = new ArrayList<>(List.of("bash", "lab/hosts.sh"));
        command.addAll(List.of(args));
        Map<String, String> env = new HashMap<>();
        env.put("PERFLAB_HOSTS_DIR", STATE.toString());
        env.put("PERFLAB_HOSTS_PREFIX", "perflab-t");
        env.put("PERFLAB_HOSTS_NET", "19");
        return Commands.run(command, ROOT, env, LIMIT);
    }

    private static Commands.Result run(String... command) {
        return Commands.run(List.of(command), ROOT, LIMIT);
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
