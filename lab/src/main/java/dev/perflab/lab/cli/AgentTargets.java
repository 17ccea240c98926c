package dev.perflab.lab.cli;

import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.perflab.lab.LabException;
import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.SshAgents;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.RemoteConfig;

/**
 * Before any app starts or any load is offered: every URL the rungs' load goes to, tried
 * from every agent host over ssh, so that an agent that cannot reach it is one line
 * instead of a failed step after the warm-up.
 */
final class AgentTargets {

    private AgentTargets() {
    }

    static void check(List<LoadAgent> agents, SystemSetup setup, List<Scenario> rungs) {
        Optional<LoadAgent> ssh = agents.stream().filter(agent -> !agent.local()).findFirst();
        if (ssh.isEmpty()) {
            return;
        }
        SystemOptions system = setup.options();
        if (!system.remote()) {
            throw new LabException("AGENT_HOSTS: agent host " + ssh.get().host()
                    + " (ssh) cannot reach the apps RUNTIME=" + system.kind().id()
                    + " starts, which listen on this machine's 127.0.0.1: measure a system "
                    + "the agent hosts reach with RUNTIME=remote REMOTE=<file>, or use loopback agent hosts");
        }
        if (system.kubernetes()) {
            // each rung applies its overlay first; its first step tries the address
            return;
        }
        RemoteConfig remote = setup.remoteConfig();
        Set<URI> urls = new LinkedHashSet<>();
        for (Scenario rung : rungs) {
            switch (rung.target()) {
                case BACKEND -> urls.add(remote.backend());
                case GATEWAY -> urls.add(remote.gateway());
                case NGINX -> remote.nginx().ifPresent(urls::add);
            }
        }
        urls.forEach(url -> SshAgents.reach(agents, url));
    }

}
