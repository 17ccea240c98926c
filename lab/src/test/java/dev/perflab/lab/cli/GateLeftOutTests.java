package dev.perflab.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;
import dev.perflab.lab.paired.PairLadder;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A gate that would pass steps it did not measure refuses before anything starts (issue
 * 52): make lab and make pair-ladder with FAIL_ON and a rung they must leave out (a JDK
 * this machine lacks, an auth latency of its own) end in one line naming each such rung
 * and why; without FAIL_ON the rung is left out with its line and the rest runs.
 */
class GateLeftOutTests {

    @TempDir
    Path dir;

    private final StringWriter text = new StringWriter();

    private final PrintWriter out = new PrintWriter(text, true);

    private Path ladder() throws IOException {
        return Files.writeString(dir.resolve("ladder.yml"), """
                rungs:
                  - name: baseline
                    target: backend
                  - name: reactive
                    profiles: [reactive]
                  - name: ghost
                    profiles: [reactive, log-quiet]
                    jdk: 99
                  - name: slow-auth
                    profiles: [reactive, log-quiet]
                    auth_latency: 20ms
                  - name: log-quiet
                    profiles: [reactive, log-quiet]
                  - name: nginx
                    target: nginx
                """);
    }

    private <T> T command(String name, String... args) {
        List<String> all = new ArrayList<>(List.of(name, "--results", dir.resolve("results").toString()));
        all.addAll(List.of(args));
        CommandLine.ParseResult parsed = LabCommand.commandLine().parseArgs(all.toArray(String[]::new));
        return parsed.subcommand().commandSpec().commandLine().getCommand();
    }

    @Test
    void makeLabWithFailOnRefusesALadderWithRungsItMustLeaveOut() throws IOException {
        PairedLabCommand lab = command("paired-lab", "--ladder", ladder().toString(), "--fail-on", "5%");
        assertThatThrownBy(() -> lab.plan(out)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("FAIL_ON=5% gates every step, and the steps of 2 rungs ghost (it runs on JDK 99, "
                    + "and none is in /usr/lib/jvm")
            .hasMessageContaining("; slow-auth (it sets auth_latency 20ms, and every rung shares one auth-service at "
                    + "AUTH_LATENCY=1ms) would not be measured")
            .hasMessageEndingWith("or leave them out on purpose with ONLY=reactive,log-quiet,nginx")
            .satisfies(ex -> assertThat(ex.getMessage()).doesNotContain("\n").doesNotContain("baseline ("));
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void makeLabWithoutFailOnLeavesThemOutWithALineEach() throws IOException {
        PairedLabCommand lab = command("paired-lab", "--ladder", ladder().toString());
        assertThat(lab.plan(out).entrants()).extracting(entrant -> entrant.name())
            .containsExactly("reactive", "log-quiet", "nginx");
        assertThat(text.toString()).contains("rung ghost left out: it runs on JDK 99")
            .contains("rung slow-auth left out: it sets auth_latency 20ms");
    }

    @Test
    void pairLadderWithFailOnRefusesALadderWithRungsItMustLeaveOut() throws IOException {
        PairLadderCommand pairs = command("pair-ladder", "--fail-on", "5%");
        assertThatThrownBy(() -> pairs.steps(ladder(), out)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("FAIL_ON=5% gates every step, and the steps of 2 rungs ghost (it runs on JDK 99")
            .hasMessageContaining("slow-auth (it sets auth_latency 20ms")
            .hasMessageEndingWith("leave them out on purpose with ONLY=reactive,log-quiet");
        // nginx and the backend are never steps of make pair-ladder: named, not refused
        assertThat(text.toString()).contains("rung nginx left out: make pair-ladder pairs the lab's gateway rungs");
    }

    @Test
    void pairLadderWithoutFailOnPairsWhatIsLeft() throws IOException {
        PairLadderCommand pairs = command("pair-ladder");
        assertThat(pairs.steps(ladder(), out)).extracting(PairLadder.Step::name)
            .containsExactly("reactive → log-quiet");
        assertThat(text.toString()).contains("rung ghost left out: it runs on JDK 99");
    }

}
