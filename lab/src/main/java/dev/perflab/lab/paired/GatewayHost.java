package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.SshAgents;
import dev.perflab.lab.stats.HostProc;
import dev.perflab.lab.system.Commands;

/**
 * GATEWAY_HOST: the host both gateways of a pair run on, reached over ssh
 * ({@code ssh -o BatchMode=yes}, through SSH_CONFIG). The gateways start there from the
 * same JDK and jar paths as here (a namespace host of lab/hosts.sh shares this machine's
 * files; a real host needs the JDK and the jar at those paths), listen on the address ssh
 * reached, and find the backends at the address the host sees this machine by (ssh's
 * SSH_CONNECTION). Their CPU is read from the host's /proc, both gateways in one ssh call
 * ({@link HostProc}).
 *
 * @param host as the user gave it
 * @param sshConfig the ssh config that reaches it; null for ssh's own
 * @param address the host's address, the gateways' to listen on
 * @param runnerAddress this machine's address as the host sees it, the backends' to
 * listen on
 */
public record GatewayHost(String host, Path sshConfig, String address, String runnerAddress) {

    /** The most one question over ssh may take. */
    static final Duration SSH_LIMIT = Duration.ofSeconds(30);

    private static final String WHO = "GATEWAY_HOST: gateway host ";

    /**
     * Checks before anything starts that {@code host} answers ssh with the key it is
     * offered and has the JDK and the jars at the paths given; one line naming what is
     * missing otherwise.
     */
    public static GatewayHost check(String host, Path sshConfig, List<Path> javas, List<Path> jars) {
        StringBuilder script = new StringBuilder("echo \"connection $SSH_CONNECTION\"");
        javas.forEach(java -> script.append("; test -x ")
            .append(quote(java.toString()))
            .append(" || echo ")
            .append(quote("missing java " + java)));
        jars.forEach(jar -> script.append("; test -r ")
            .append(quote(jar.toString()))
            .append(" || echo ")
            .append(quote("missing jar " + jar)));
        List<String> command = new ArrayList<>(LoadAgent.ssh(host, sshConfig));
        command.add(script.toString());
        Commands.Result result = Commands.run(command, null, SSH_LIMIT);
        String refused = SshAgents.sshRefusal(WHO, host, command, result);
        if (refused != null) {
            throw new LabException(refused);
        }
        String[] connection = null;
        for (String line : result.output().lines().toList()) {
            if (line.startsWith("missing ")) {
                String[] what = line.split(" ", 3);
                throw new LabException(WHO + host + " has no " + what[1] + " at " + what[2] + ": the gateways run "
                        + "there from the same paths as here (a host of lab/hosts.sh shares this machine's files; "
                        + "on a real host install the same JDK and copy the jar to the same path)");
            }
            if (line.startsWith("connection ")) {
                connection = line.substring("connection ".length()).strip().split("\\s+");
            }
        }
        if (connection == null || connection.length < 3) {
            throw new LabException(
                    WHO + host + " did not say its address (SSH_CONNECTION) when asked over ssh: " + result.lastLine());
        }
        return new GatewayHost(host, sshConfig, connection[2], connection[0]);
    }

    /**
     * {@link #check(String, Path, List, List)} for the sides of a pair: their JDKs and
     * jars.
     */
    public static GatewayHost check(String host, Path sshConfig, Path root, List<Side> sides) {
        return check(host, sshConfig, sides.stream().map(HostedSide::java).distinct().toList(),
                sides.stream().map(side -> HostedSide.jar(root, side)).distinct().toList());
    }

    /**
     * Opens the stage of a pair across hosts: its gateways here, its load from
     * {@code agents} (none: one vegeta on this machine).
     */
    public LineupRun.Opener opener(List<LoadAgent> agents) {
        return HostStage.opener(this, agents);
    }

    /** The ssh command that reaches the host, before the remote command. */
    List<String> ssh() {
        return LoadAgent.ssh(host, sshConfig);
    }

    /**
     * Every given process's CPU on the host now, in one ssh call; a process that ended is
     * not in the map, a host that does not answer is one line.
     */
    Map<Long, HostProc.Reading> read(List<Long> pids) {
        List<String> command = new ArrayList<>(ssh());
        command.add(HostProc.script(pids));
        Commands.Result result = Commands.run(command, null, SSH_LIMIT);
        if (!result.ok()) {
            String refused = SshAgents.sshRefusal(WHO, host, command, result);
            throw new LabException(refused != null ? refused
                    : WHO + host + " could not read /proc of pids " + pids + ": " + result.lastLine());
        }
        return HostProc.parse(result.output());
    }

    /**
     * Stops a process on the host by its pid: SIGTERM, SIGKILL after {@code grace};
     * quietly when it has ended already or the host no longer answers (said in the
     * returned line, null when stopped).
     */
    String stop(long pid, Duration grace) {
        long tenths = Math.max(1, grace.toMillis() / 100);
        List<String> command = new ArrayList<>(ssh());
        command.add("kill -TERM " + pid + " 2>/dev/null; i=0; while kill -0 " + pid + " 2>/dev/null && [ $i -lt "
                + tenths + " ]; do sleep 0.1; i=$((i+1)); done; kill -KILL " + pid + " 2>/dev/null; true");
        Commands.Result result = Commands.run(command, null, grace.plus(SSH_LIMIT));
        return result.ok() ? null : "could not stop pid " + pid + " on " + host + ": " + result.lastLine();
    }

    /** {@code text} as one word of a POSIX shell. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

}
