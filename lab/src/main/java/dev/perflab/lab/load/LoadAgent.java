package dev.perflab.lab.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.Point;
import java.net.Inet4Address;
import java.util.Arrays;

/**
 * One host that offers part of the open-model load (vegeta's documented distributed
 * attack: every host attacks at rate/N, and the lab merges their results). A loopback
 * host runs vegeta here with that host as its source address ({@code -laddr}); any other
 * host runs it over ssh, its results coming back on ssh's standard output.
 *
 * @param host as the user listed it
 * @param via "local" (a vegeta process of this runner, sending from {@code address}) or
 * "ssh"
 * @param engine the engine and its version on that host
 * @param address the source address of a local agent; null for ssh
 * @param requests every request the agent sent in the rung (summary.json); null until
 * counted
 * @param sshConfig the ssh config ({@code ssh -F}) that reaches an ssh agent; null for
 * ssh's own
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadAgent(String host, String via, String engine, @JsonIgnore String address, Long requests,
        @JsonIgnore Path sshConfig) {

    public LoadAgent(String host, String via, String engine, String address, Long requests) {
        this(host, via, engine, address, requests, null);
    }

    public static final String LOCAL = "local";

    public static final String SSH = "ssh";

    private static final Pattern VERSION = Pattern.compile("(?m)^Version:[ \\t]*v?(\\S+)");

    @JsonIgnore
    public boolean local() {
        return LOCAL.equals(via);
    }

    /**
     * The agents as summary.json records them, each with the requests it sent over every
     * point; null without agents.
     */
    public static List<CapacityResult.Agent> counted(List<LoadAgent> agents, List<Point> points) {
        if (agents == null || agents.isEmpty()) {
            return null;
        }
        List<CapacityResult.Agent> counted = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            int agent = i;
            LoadAgent a = agents.get(i);
            counted.add(new CapacityResult.Agent(a.host(), a.via(), a.engine(),
                    points.stream()
                        .filter(p -> p.agentRequests() != null && p.agentRequests().size() > agent)
                        .mapToLong(p -> p.agentRequests().get(agent))
                        .sum()));
        }
        return counted;
    }

    /**
     * The hosts of {@code AGENTS} and {@code AGENT_HOSTS}: the listed hosts, one per
     * agent, or for N agents without a list the loopback addresses 127.0.0.1 to 127.0.0.N
     * (on Linux every address of 127/8 is this machine's loopback). Empty when neither is
     * set: one vegeta, as without agents.
     */
    public static List<String> hosts(String agents, String hostList) {
        List<String> hosts = hostList == null ? List.of()
                : Arrays.stream(hostList.split("[,\\s]+")).map(String::trim).filter(h -> !h.isEmpty()).toList();
        if (agents == null || agents.isBlank()) {
            return hosts;
        }
        int count;
        try {
            count = Integer.parseInt(agents.strip());
        }
        catch (NumberFormatException ex) {
            throw new LabException(
                    "AGENTS must be the number of load agents, such as 2; '" + agents.strip() + "' is not one");
        }
        if (count < 1) {
            throw new LabException("AGENTS must be 1 or more load agents, got " + count);
        }
        if (hosts.isEmpty()) {
            if (count > 254) {
                throw new LabException("AGENTS=" + count
                        + " without AGENT_HOSTS would need more loopback addresses than 127.0.0.1 to 127.0.0.254");
            }
            List<String> loopback = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                loopback.add("127.0.0." + i);
            }
            return loopback;
        }
        if (hosts.size() != count) {
            throw new LabException("AGENTS=" + count + " but AGENT_HOSTS lists " + hosts.size()
                    + (hosts.size() == 1 ? " host" : " hosts") + " (" + String.join(",", hosts)
                    + "): list one host per agent, or leave AGENT_HOSTS out for 127.0.0.1 to 127.0.0." + count);
        }
        return hosts;
    }

    /**
     * Checks every host before anything starts, one line naming the first that cannot
     * serve: a loopback host must be an address this machine can send from; any other
     * host must answer {@code ssh -o BatchMode=yes <host> vegeta -version}
     * ({@link SshAgents#engine}).
     */
    public static List<LoadAgent> check(List<String> hosts) {
        return check(hosts, null);
    }

    /**
     * As {@link #check(List)}, an ssh host reached through {@code sshConfig} (null: ssh's
     * own), which may give it its address ({@code HostName}).
     */
    public static List<LoadAgent> check(List<String> hosts, Path sshConfig) {
        List<LoadAgent> agents = new ArrayList<>();
        for (String host : hosts) {
            InetAddress address;
            try {
                address = InetAddress.getByName(SshAgents.hostName(host, sshConfig));
            }
            catch (UnknownHostException ex) {
                throw new LabException("AGENT_HOSTS: unknown host '" + host + "' (no address for it)");
            }
            if (address.isLoopbackAddress()) {
                if (!(address instanceof Inet4Address)) {
                    throw new LabException("AGENT_HOSTS: " + host
                            + " is IPv6 loopback, and the lab's apps listen on 127.0.0.1; use 127.0.0.1, 127.0.0.2, ...");
                }
                try (Socket socket = new Socket()) {
                    socket.bind(new InetSocketAddress(address, 0));
                }
                catch (IOException ex) {
                    throw new LabException("AGENT_HOSTS: this machine cannot send from " + host + " (" + ex.getMessage()
                            + "); use loopback addresses it has, such as 127.0.0.1");
                }
                agents.add(new LoadAgent(host, LOCAL, "vegeta " + VegetaInstaller.VERSION, address.getHostAddress(),
                        null));
            }
            else {
                agents.add(new LoadAgent(host, SSH, SshAgents.engine(host, sshConfig), null, null, sshConfig));
            }
        }
        return agents;
    }

    /**
     * The ssh command that reaches this agent's host without a password prompt, before
     * the remote command.
     */
    @JsonIgnore
    public List<String> ssh() {
        return ssh(host, sshConfig);
    }

    /**
     * The ssh command that reaches {@code host} through {@code sshConfig} (null: ssh's
     * own) without a password prompt, before the remote command.
     */
    public static List<String> ssh(String host, Path sshConfig) {
        List<String> command = new ArrayList<>(List.of("ssh"));
        if (sshConfig != null) {
            command.addAll(List.of("-F", sshConfig.toString()));
        }
        command.addAll(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10", host));
        return command;
    }

    /**
     * The command that shows a remote host can run the attack: ssh without a password
     * prompt, vegeta on its PATH.
     */
    static List<String> sshCheck(String host) {
        return sshCheck(host, null);
    }

    static List<String> sshCheck(String host, Path sshConfig) {
        List<String> command = ssh(host, sshConfig);
        command.addAll(List.of("vegeta", "-version"));
        return command;
    }

    /**
     * "vegeta 12.13.0" from {@code vegeta -version}; a build without a stamped version
     * (go install) says so.
     */
    static String engine(String versionOutput) {
        Matcher matcher = VERSION.matcher(versionOutput);
        return matcher.find() ? "vegeta " + matcher.group(1) : "vegeta (no version stamped in the binary)";
    }

    /**
     * Splits a rate over the agents: rate/N each, the remainder one request per second to
     * the first ones, so the rates add up to it.
     */
    public static int[] split(int rate, int agents) {
        if (rate < agents) {
            throw new LabException("an offered rate of " + rate + " req/s cannot be split over " + agents
                    + " load agents (at least 1 req/s each)");
        }
        int[] rates = new int[agents];
        for (int i = 0; i < agents; i++) {
            rates[i] = rate / agents + (i < rate % agents ? 1 : 0);
        }
        return rates;
    }
}
