package dev.perflab.lab.paired;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.stats.HostProc;
import dev.perflab.lab.stats.JitSplit;
import dev.perflab.lab.stats.JvmCounters;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.system.StopOnExit;

/**
 * A gateway side on GATEWAY_HOST: started there over ssh (its output coming back into its
 * log here), listening on the host's address, its CPU read from the host's /proc
 * ({@link HostProc}, by the stage, both sides in one call) and its JVM's counters through
 * a JMX port of its own on the host's address. The remote shell that starts it waits on
 * ssh's standard input, which this runner holds open: when the runner ends, even on kill
 * -9, the shell reads its end and stops the gateway by its pid; {@link #close} and a
 * Ctrl-C stop it by pid over ssh first.
 */
final class HostedSide implements AutoCloseable {

    private static final Pattern PID = Pattern.compile("(?m)^perflab-pid (\\d+)$");

    private final GatewayHost host;

    private final SideSettings settings;

    private final String who;

    private final int port;

    private final int jmxPort;

    private final Path log;

    private final Commands.Child ssh;

    private final StopOnExit onExit;

    private final boolean foreign;

    private long pid;

    private JvmCounters counters;

    private HostedSide(GatewayHost host, SideSettings settings, String who, int port, int jmxPort, Path log,
            Commands.Child ssh, boolean foreign) {
        this.host = host;
        this.settings = settings;
        this.who = who;
        this.port = port;
        this.jmxPort = jmxPort;
        this.log = log;
        this.ssh = ssh;
        this.foreign = foreign;
        this.onExit = StopOnExit.register(who + " on " + host.host(), () -> {
            if (pid > 0) {
                host.stop(pid, StartedSide.STOP_GRACE);
            }
        });
    }

    /**
     * Starts a gateway side on the host without waiting for it, in front of the backends
     * on this machine's address as the host sees it.
     */
    static HostedSide start(GatewayHost host, SideSettings settings, Path dir, String who, Side side, int port,
            int jmxPort, int businessPort, int authPort) {
        Path logs = dir.resolve(side.label().toLowerCase(Locale.ROOT)).resolve("logs");
        Path log = logs.resolve("gateway.log");
        try {
            Files.createDirectories(logs);
        }
        catch (IOException ex) {
            throw new LabException("cannot create the log folder " + logs + ": " + ex.getMessage(), ex);
        }
        List<String> command = new ArrayList<>(host.ssh());
        command.add(script(host, settings, side, port, jmxPort, businessPort, authPort, logs));
        Commands.Child ssh = Commands.launch("gateway-" + side.label() + "-on-" + host.host(), command)
            .keepInputOpen()
            .output(log)
            .start();
        return new HostedSide(host, settings, who, port, jmxPort, log, ssh, !(side.kind() instanceof Side.LabGateway));
    }

    /**
     * The jar a side runs: the lab's gateway, GATEWAY_JAR's build of it, or the side's.
     */
    static Path jar(Path root, Side side) {
        if (side.kind() instanceof Side.OwnJar own) {
            return own.gateway().jar();
        }
        Side.LabGateway lab = (Side.LabGateway) side.kind();
        return lab.build() != null ? lab.build().jar() : Service.GATEWAY.jar(root);
    }

    /** The java a side runs on. */
    static Path java(Side side) {
        return (side.javaHome() != null ? side.javaHome() : LaunchSpec.currentJavaHome()).resolve("bin/java");
    }

    /**
     * The remote shell's command: the gateway in the background with its environment, its
     * pid said, then a wait on standard input; at its end the gateway stopped by pid. A
     * gateway that ends by itself (a port taken, no such profile) ends the shell too, so
     * its start fails at once with its log's last line.
     */
    static String script(GatewayHost host, SideSettings settings, Side side, int port, int jmxPort, int businessPort,
            int authPort, Path logs) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SERVER_PORT", Integer.toString(port));
        env.put("SERVER_ADDRESS", host.address());
        env.put("LAB_LOG_DIR", logs.toAbsolutePath().toString());
        env.put("BUSINESS_URL", "http://" + host.runnerAddress() + ":" + businessPort);
        env.put("AUTH_URL", "http://" + host.runnerAddress() + ":" + authPort);
        if (side.kind() instanceof Side.LabGateway lab && !lab.profiles().isEmpty()) {
            env.put("SPRING_PROFILES_ACTIVE", String.join(",", lab.profiles()));
        }
        List<String> words = new ArrayList<>(List.of("env", "-u", "SPRING_PROFILES_ACTIVE"));
        env.forEach((name, value) -> words.add(name + "=" + value));
        words.add(java(side).toString());
        words.addAll(settings.javaOptions());
        words.addAll(side.javaOptions());
        if (side.kind() instanceof Side.LabGateway lab && lab.profiles().contains("blockhound")) {
            // as LaunchSpec adds it locally: BlockHound redefines classes
            words.add("-XX:+AllowRedefinitionToAddDeleteMethods");
        }
        words.addAll(List.of("-Dcom.sun.management.jmxremote.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.host=" + host.address(), "-Djava.rmi.server.hostname=" + host.address(),
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false", "-jar",
                jar(settings.root(), side).toString()));
        if (!(side.kind() instanceof Side.LabGateway)) {
            words.addAll(List.of("--server.port=" + port, "--server.address=" + host.address()));
        }
        StringBuilder script = new StringBuilder();
        words.forEach(word -> script.append(GatewayHost.quote(word)).append(' '));
        // a watcher ends the shell, and so ssh, when the gateway ends by itself
        return script + "</dev/null & p=$!; echo \"perflab-pid $p\"; s=$$; "
                + "(while kill -0 $p 2>/dev/null; do sleep 1; done; kill $s 2>/dev/null) & "
                + "while read -r _; do :; done; "
                + "kill -TERM $p 2>/dev/null; i=0; while kill -0 $p 2>/dev/null && [ $i -lt 100 ]; "
                + "do sleep 0.1; i=$((i+1)); done; kill -KILL $p 2>/dev/null; true";
    }

    /**
     * Waits until the gateway is healthy on the host's address and answers a request 2xx,
     * then connects to its JMX port.
     */
    void awaitReady() {
        ServiceLauncher.awaitReady(ssh, settings.healthTimeout(), () -> {
            if (pid == 0) {
                pid = readPid().orElse(0L);
            }
            HttpResponse<String> health = LabHttp.get(uri("/actuator/health"));
            return foreign ? health.statusCode() != 503
                    : health.statusCode() == 200 && health.body().contains("\"UP\"");
        }, () -> who + " on " + host.host() + " ended during start-up: " + lastLine() + " (log: " + log + ")",
                who + " on " + host.host() + " did not become healthy on " + uri("/actuator/health") + " within "
                        + settings.healthTimeout().toSeconds() + " s; see its log: " + log);
        if (pid == 0) {
            throw new LabException(who + " on " + host.host() + " answered, but its pid is not in " + log);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (settings.header() != null) {
            int colon = settings.header().indexOf(':');
            headers.put(settings.header().substring(0, colon).trim(), settings.header().substring(colon + 1).trim());
        }
        try {
            HttpResponse<String> response = LabHttp.get(url(), headers);
            if (response.statusCode() < 200 || response.statusCode() > 299) {
                throw new LabException(who + " on " + host.host() + " answered " + response.statusCode() + " on ROUTE="
                        + settings.route() + ": a side must answer 2xx to be measured");
            }
        }
        catch (IOException ex) {
            throw new LabException(who + " did not answer on " + url() + ": " + LabException.describe(ex));
        }
        counters = JvmCounters.connect(pid, host.address(), jmxPort, who + " on " + host.host());
    }

    private Optional<Long> readPid() {
        try {
            Matcher matcher = PID.matcher(Files.readString(log));
            return matcher.find() ? Optional.of(Long.parseLong(matcher.group(1))) : Optional.empty();
        }
        catch (IOException | RuntimeException notYet) {
            return Optional.empty();
        }
    }

    private String lastLine() {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.isBlank()).toList();
            return lines.isEmpty() ? "it printed nothing" : lines.get(lines.size() - 1).strip();
        }
        catch (IOException | RuntimeException ex) {
            return "its log could not be read";
        }
    }

    private URI uri(String path) {
        return URI.create("http://" + host.address() + ":" + port + path);
    }

    /** The URL the load sends to, on the host's address. */
    URI url() {
        return uri(settings.route());
    }

    int port() {
        return port;
    }

    /** The gateway's pid on the host; 0 until ready. */
    long pid() {
        return pid;
    }

    JvmCounters counters() {
        return counters;
    }

    /** Where the side's clocks stand, its CPU from a reading of the host's /proc. */
    record Mark(JvmCounters.Snapshot counters, JitSplit.Mark cpu) {
    }

    /** The side's clocks at {@code reading}, taken on the host just now. */
    Mark mark(Map<Long, HostProc.Reading> reading) {
        return new Mark(counters.read(), JitSplit.mark(own(reading)));
    }

    /**
     * What the side spent since a mark, as {@link StartedSide#since} reads it locally:
     * CPU outside the JIT's compiler threads, theirs, what the JVM counted.
     */
    StartedSide.Spent since(Mark mark, Map<Long, HostProc.Reading> reading) {
        HostProc.Reading now = own(reading);
        JitSplit.Spent spent = JitSplit.since(mark.cpu(), now);
        JvmCounters.Reading jvm = counters.read().since(mark.counters()).withJitMillis(Math.round(spent.compilerMs()));
        return new StartedSide.Spent(spent.requestsMs(), spent.compilerMs(), jvm, spent.gcMs(), spent.processMs(),
                ProcessClock.PROC_STAT_TICKS);
    }

    private HostProc.Reading own(Map<Long, HostProc.Reading> reading) {
        HostProc.Reading own = reading.get(pid);
        if (own == null) {
            throw new LabException(who + " (pid " + pid + " on " + host.host()
                    + ") ended during the measurement (see its log: " + log + ")");
        }
        return own;
    }

    @Override
    public void close() {
        if (counters != null) {
            counters.close();
            counters = null;
        }
        try {
            if (pid > 0) {
                host.stop(pid, StartedSide.STOP_GRACE);
            }
        }
        finally {
            onExit.close();
            ssh.stop(StartedSide.STOP_GRACE);
        }
    }

}
