package dev.perflab.lab.load;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the runner asks an agent host over ssh before any load starts, each failure one
 * line naming the host: that it answers ssh, takes the key ssh offers, has vegeta on its
 * PATH ({@link #engine}), and reaches the URL the load goes to ({@link #reach}).
 */
public final class SshAgents {

    /** The most one question over ssh may take. */
    static final Duration SSH_CHECK = Duration.ofSeconds(30);

    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|.*:.*");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SshAgents() {
    }

    /**
     * The address ssh connects to for {@code host}: its ssh config's HostName
     * ({@code ssh -G}, which connects nowhere), the name itself when it is an address or
     * ssh cannot tell.
     */
    static String hostName(String host, Path sshConfig) {
        if (IP_LITERAL.matcher(host).matches()) {
            return host;
        }
        List<String> command = new ArrayList<>(List.of("ssh"));
        if (sshConfig != null) {
            command.addAll(List.of("-F", sshConfig.toString()));
        }
        command.addAll(List.of("-G", host));
        Commands.Result config = Commands.run(command, null, SSH_CHECK);
        return config.output()
            .lines()
            .filter(line -> line.startsWith("hostname "))
            .map(line -> line.substring("hostname ".length()).strip())
            .findFirst()
            .orElse(host);
    }

    /**
     * The engine on {@code host} ("vegeta 12.13.0"), from {@code vegeta -version} over
     * ssh; one line when ssh cannot reach or log into the host, or vegeta is not on its
     * PATH.
     */
    static String engine(String host, Path sshConfig) {
        List<String> command = LoadAgent.sshCheck(host, sshConfig);
        Commands.Result version = Commands.run(command, null, SSH_CHECK);
        if (!version.ok()) {
            throw new LabException(refusal(host, command, version));
        }
        return LoadAgent.engine(version.output());
    }

    /** Why {@code host} could not run {@code command}, in one line. */
    static String refusal(String host, List<String> command, Commands.Result result) {
        String said = result.lastLine();
        String sshFailed = sshRefusal("AGENT_HOSTS: agent host ", host, command, result);
        if (sshFailed != null) {
            return sshFailed;
        }
        String tried = "'" + String.join(" ", command) + "'";
        if (result.exit() == 127 || said.endsWith("command not found") || said.endsWith(": not found")) {
            return "AGENT_HOSTS: agent host " + host + " has no vegeta on its PATH (" + said + "): install vegeta "
                    + VegetaInstaller.VERSION + " there (go install " + VegetaInstaller.MODULE + "@v"
                    + VegetaInstaller.VERSION + ")";
        }
        return "AGENT_HOSTS: agent host " + host + " did not answer " + tried + ": " + said;
    }

    /**
     * Why ssh itself could not run {@code command} on {@code host} (no answer, no ssh, a
     * key or host key refused), in one line that starts with {@code who} ("GATEWAY_HOST:
     * gateway host "); null when ssh got through and the command itself failed.
     */
    public static String sshRefusal(String who, String host, List<String> command, Commands.Result result) {
        String said = result.lastLine();
        String tried = "'" + String.join(" ", command) + "'";
        if (result.exit() == Commands.Result.TIMED_OUT) {
            return who + host + " did not answer " + tried + " within " + SSH_CHECK.toSeconds() + " s";
        }
        if (result.exit() == Commands.Result.NOT_RUN) {
            return who.substring(0, who.indexOf(':') + 2) + "cannot run ssh to reach "
                    + who.substring(who.indexOf(':') + 2) + host + ": " + said + " (apt-get install openssh-client)";
        }
        if (result.exit() == 255 && said.contains("Permission denied")) {
            return who + host + " refused the key ssh offered (" + said + "): put its public key "
                    + "in that host's authorized_keys, or name the right one in SSH_CONFIG; tried " + tried;
        }
        if (result.exit() == 255 && said.contains("Host key verification failed")) {
            return who.substring(0, who.indexOf(':') + 2) + "ssh does not know " + who.substring(who.indexOf(':') + 2)
                    + host + "'s host key (" + said
                    + "): log in to it once by hand, or name its known_hosts in SSH_CONFIG; tried " + tried;
        }
        if (result.exit() == 255) {
            return who + host + " did not answer " + tried + ": " + said;
        }
        return null;
    }

    /**
     * Each ssh agent sends one request to {@code url} (vegeta, over ssh, its results
     * encoded there): any HTTP answer will do; no answer is one line with vegeta's error,
     * before any load starts. Loopback agents reach this machine's URLs as the runner
     * does.
     */
    public static void reach(List<LoadAgent> agents, URI url) {
        for (LoadAgent agent : agents) {
            if (!agent.local()) {
                reach(agent, url);
            }
        }
    }

    private static void reach(LoadAgent agent, URI url) {
        Path dir = VegetaFiles.resultsFolder();
        try {
            Path target = dir.resolve("target.txt");
            Path answer = dir.resolve("answer.json");
            Path errors = dir.resolve("errors.txt");
            Files.writeString(target, VegetaFiles.target(url, null), StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(agent.ssh());
            command.addAll(List.of("vegeta", "attack", "-rate=1/1s", "-duration=1s", "-timeout=5s", "-max-body=0", "|",
                    "vegeta", "encode", "-to=json"));
            try (Commands.Child probe = Commands.launch("vegeta-probe", command)
                .input(target)
                .output(answer)
                .errors(errors)
                .start()) {
                if (!probe.process().waitFor(SSH_CHECK.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new LabException("AGENT_HOSTS: agent host " + agent.host() + " did not try " + url
                            + " within " + SSH_CHECK.toSeconds() + " s");
                }
                if (probe.process().exitValue() != 0) {
                    throw new LabException(refusal(agent.host(), command,
                            new Commands.Result(probe.process().exitValue(), Files.readString(errors))));
                }
            }
            JsonNode first = Files.readString(answer)
                .lines()
                .filter(line -> !line.isBlank())
                .findFirst()
                .map(JSON::readTree)
                .orElse(null);
            if (first == null || first.path("code").asInt() == 0) {
                throw new LabException("AGENT_HOSTS: agent host " + agent.host() + " cannot reach " + url + ": "
                        + (first == null ? "vegeta sent nothing (" + VegetaFiles.lastLine(errors) + ")"
                                : first.path("error").asString().strip())
                        + "; the load must go to an address every agent host reaches");
            }
        }
        catch (IOException ex) {
            throw new LabException(
                    "cannot write or read the probe of agent host " + agent.host() + ": " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while agent host " + agent.host() + " tried " + url);
        }
        finally {
            VegetaFiles.delete(dir);
        }
    }

}
