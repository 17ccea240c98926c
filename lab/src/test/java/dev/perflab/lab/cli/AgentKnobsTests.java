package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * AGENTS and AGENT_HOSTS of make capacity as a user sets them: a bad value is one line
 * and a non-zero exit before anything starts.
 */
class AgentKnobsTests {

    @TempDir
    Path results;

    private final StringWriter err = new StringWriter();

    private int capacity(String... args) {
        CommandLine command = LabCommand.commandLine();
        command.setErr(new PrintWriter(err, true));
        command.setOut(new PrintWriter(new StringWriter(), true));
        List<String> all = new ArrayList<>(List.of("capacity"));
        all.addAll(List.of(args));
        all.addAll(List.of("--rates", "100", "--results", results.toString()));
        return command.execute(all.toArray(String[]::new));
    }

    @Test
    void noAgentsIsOneLine() {
        assertThat(capacity("--agents", "0")).isNotZero();
        assertThat(err.toString().strip()).isEqualTo("lab: AGENTS must be 1 or more load agents, got 0");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void twoAgentsWithOneHostIsOneLine() {
        assertThat(capacity("--agents", "2", "--agent-hosts", "127.0.0.1")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: AGENTS=2 but AGENT_HOSTS lists 1 host (127.0.0.1): list one host per agent");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void anUnknownAgentHostIsOneLineNamingIt() {
        assertThat(capacity("--agent-hosts", "127.0.0.1,no-such-agent.invalid")).isNotZero();
        assertThat(err.toString().strip())
            .isEqualTo("lab: AGENT_HOSTS: unknown host 'no-such-agent.invalid' (no address for it)");
        assertThat(results).isEmptyDirectory();
    }

}
