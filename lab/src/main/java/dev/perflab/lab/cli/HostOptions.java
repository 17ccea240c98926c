package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.paired.GatewayHost;
import dev.perflab.lab.paired.LineupRun;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.Stages;
import dev.perflab.lab.runtime.RuntimeKind;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * make compare, lab and advise across hosts: GATEWAY_HOST runs every gateway of the pair
 * or the lineup on a host of their own over ssh, AGENT_HOSTS offers their load from one
 * vegeta per host, each at its share of the rate with the same round-robin over both
 * sides of a duet. Every host is checked before anything starts, each failure one line.
 */
public class HostOptions {

    @Option(names = "--gateway-host", defaultValue = "${env:GATEWAY_HOST:-}",
            description = "make compare, lab, advise: the ssh host the gateways run on, e.g. h1 of lab/hosts.sh up (the same JDK and jar paths as here), "
                    + "their CPU read from its /proc over ssh (default: this machine).")
    String gatewayHost;

    @Mixin
    AgentOptions agents = new AgentOptions();

    private LineupRun.Opener opener = Stages::open;

    /**
     * Checks GATEWAY_HOST and AGENT_HOSTS against the sides of {@code target} (make
     * compare, lab or advise), one line for the first that cannot serve, before anything
     * starts; afterwards {@link #opener} opens the stage they name.
     */
    void check(Path root, List<Side> sides, RuntimeKind runtime, boolean closedLoop, ProfilerChoice profiler,
            String target) {
        List<String> hosts = agents.hosts();
        boolean hosted = gatewayHost != null && !gatewayHost.isBlank();
        if (!hosted) {
            if (!hosts.isEmpty()) {
                throw new LabException("AGENT_HOSTS for " + target + " needs GATEWAY_HOST=<host>: the gateways this "
                        + "machine starts listen on its 127.0.0.1, which load agents elsewhere do not reach "
                        + "(lab/hosts.sh up 4 makes hosts to try it on)");
            }
            return;
        }
        String host = gatewayHost.strip();
        if (runtime != RuntimeKind.LOCAL) {
            throw new LabException(
                    "GATEWAY_HOST=" + host + " starts the gateways there as JVMs over ssh: RUNTIME=local "
                            + "only, not RUNTIME=" + runtime.id());
        }
        Stages.refuse(runtime, sides);
        if (!ProfilerChoice.NONE.kind().equals(profiler.kind())) {
            throw new LabException("PROFILER=" + profiler.kind().id() + " cannot attach to gateways on GATEWAY_HOST="
                    + host + " yet; profile them on this machine (leave GATEWAY_HOST out)");
        }
        if (closedLoop && !hosts.isEmpty()) {
            throw new LabException("AGENT_HOSTS offers an open-model rate; CLOSED_LOOP=yes runs one vegeta here "
                    + "(leave AGENT_HOSTS out)");
        }
        for (Side side : sides) {
            if (!side.jvm()) {
                throw new LabException("GATEWAY_HOST=" + host + " runs JVM gateways; " + side.label()
                        + (side.label().equals(side.given()) ? "" : " (" + side.given() + ")")
                        + " is nginx, which runs on this machine only" + (target.equals("make lab")
                                ? ": name the gateway rungs with ONLY=, e.g. ONLY=reactive,log-quiet" : ""));
            }
        }
        Path sshConfig = agents.sshConfig(root);
        GatewayHost gateways = GatewayHost.check(host, sshConfig, root, sides);
        List<LoadAgent> checked = LoadAgent.check(hosts, sshConfig);
        for (LoadAgent agent : checked) {
            if (agent.local()) {
                throw new LabException("AGENT_HOSTS: " + agent.host() + " is this machine's loopback, which cannot "
                        + "send to GATEWAY_HOST " + host + " (" + gateways.address() + "): list ssh hosts, or leave "
                        + "AGENT_HOSTS out for one vegeta here");
            }
        }
        opener = gateways.opener(checked);
    }

    /** Opens the stage of the run: this machine's, or across the hosts checked. */
    LineupRun.Opener opener() {
        return opener;
    }

}
