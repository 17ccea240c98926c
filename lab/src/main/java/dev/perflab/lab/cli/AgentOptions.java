package dev.perflab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadAgent;
import picocli.CommandLine.Option;

/**
 * The load agents: how many, on which hosts, and the ssh config that reaches the hosts
 * that are not this machine's loopback. Declared once, for every target that offers its
 * load from agents (make capacity today).
 */
public class AgentOptions {

    /** Where lab/hosts.sh up writes the ssh config of the hosts it makes. */
    static final String HOSTS_SSH_CONFIG = "results/hosts/ssh_config";

    @Option(names = "--agents", defaultValue = "${env:AGENTS:-}",
            description = "Load agents that offer the open-model load together, rate/N each, their results merged (default: as many as "
                    + "--agent-hosts lists, else one vegeta without a source address of its own).")
    String agents;

    @Option(names = "--agent-hosts", defaultValue = "${env:AGENT_HOSTS:-}",
            description = "One host per agent, e.g. 127.0.0.1,127.0.0.2: a loopback address runs vegeta here sending from it (-laddr), any other "
                    + "host runs vegeta there over ssh -o BatchMode=yes (default: 127.0.0.1 to 127.0.0.N for AGENTS=N).")
    String agentHosts;

    @Option(names = "--ssh-config", defaultValue = "${env:SSH_CONFIG:-}",
            description = "The ssh config (ssh -F) that reaches the agent hosts over ssh, e.g. " + HOSTS_SSH_CONFIG
                    + " (default: " + HOSTS_SSH_CONFIG + " when lab/hosts.sh up wrote it, else your own ssh's).")
    String sshConfig;

    /**
     * The hosts of the load agents, one per agent; empty for one vegeta as without
     * agents. A bad count or list is one line.
     */
    public List<String> hosts() {
        return LoadAgent.hosts(agents, agentHosts);
    }

    /**
     * The ssh config the agents' ssh reads, relative paths under {@code root}:
     * SSH_CONFIG, else the one lab/hosts.sh up wrote, else null (ssh's own). A file that
     * is not there is one line.
     */
    public Path sshConfig(Path root) {
        if (sshConfig == null || sshConfig.isBlank()) {
            Path hosts = root.resolve(HOSTS_SSH_CONFIG).toAbsolutePath().normalize();
            return Files.isRegularFile(hosts) ? hosts : null;
        }
        Path given = Path.of(sshConfig.strip());
        Path file = (given.isAbsolute() ? given : root.resolve(given)).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new LabException("SSH_CONFIG=" + sshConfig.strip() + ": no such file (" + file
                    + "); lab/hosts.sh up writes " + HOSTS_SSH_CONFIG);
        }
        return file;
    }

}
