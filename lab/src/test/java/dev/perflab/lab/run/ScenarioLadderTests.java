package dev.perflab.lab.run;

import dev.perflab.lab.result.TargetKind;

import dev.perflab.lab.result.Scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioLadderTests {

    private static final Path SHIPPED = Path.of(System.getProperty("lab.root", "..")).resolve("lab/scenarios.yml");

    @TempDir
    Path dir;

    @Test
    void theShippedLadderClimbsFromBaselineToTheNginxReference() {
        ScenarioLadder ladder = ScenarioLadder.load(SHIPPED);
        assertThat(ladder.rungs()).extracting(Scenario::name)
            .containsExactly("baseline", "blocking", "offloaded", "reactive", "log-async", "log-quiet", "rid-fast",
                    "loop-pools", "auth-cache", "nginx");
        assertThat(ladder.rungs().get(0).target()).isEqualTo(TargetKind.BACKEND);
        assertThat(ladder.rungs().get(9).target()).isEqualTo(TargetKind.NGINX);
        assertThat(ladder.rungs().get(1).profiles()).containsExactly("blocking");
        assertThat(ladder.rungs().get(8).profiles()).contains("auth-cache");
        assertThat(ladder.rungs().get(7).profiles()).contains("loop-pools");
        assertThat(ladder.rungs()).allSatisfy(rung -> assertThat(rung.changes()).isNotBlank());
        assertThat(ladder.sweep().latencies()).containsExactly("0", "1ms", "5ms", "20ms");
        assertThat(ladder.sweep().clients()).containsExactly("blocking", "offloaded", "reactive");
    }

    @Test
    void theThreadsLadderPutsTheFourAuthClientsAfterTheBaseline() {
        ScenarioLadder ladder = ScenarioLadder.load(SHIPPED.resolveSibling("scenarios-threads.yml"));
        assertThat(ladder.rungs()).extracting(Scenario::name)
            .containsExactly("baseline", "blocking", "offloaded", "virtual", "reactive");
        assertThat(ladder.rungs().subList(1, 5)).extracting(rung -> rung.profiles().get(0))
            .containsExactly("blocking", "offloaded", "virtual", "reactive");
        assertThat(ladder.sweep()).isNull();
    }

    @Test
    void selectKeepsLadderOrderAndNamesUnknownScenarios() {
        ScenarioLadder ladder = ScenarioLadder.load(SHIPPED);
        assertThat(ladder.select(List.of("nginx", "baseline"))).extracting(Scenario::name)
            .containsExactly("baseline", "nginx");
        assertThatThrownBy(() -> ladder.select(List.of("reactiv"))).isInstanceOf(LabException.class)
            .hasMessageContaining("unknown scenario 'reactiv'; scenarios: baseline, blocking");
    }

    @Test
    void aUserRungNeedsNoCode() throws IOException {
        ScenarioLadder ladder = ScenarioLadder
            .load(write("rungs:\n  - name: my-rung\n    profiles: [offloaded, log-quiet]\n    auth_latency: 5ms\n"));
        Scenario rung = ladder.rungs().get(0);
        assertThat(rung.target()).isEqualTo(TargetKind.GATEWAY);
        assertThat(rung.authLatency()).isEqualTo("5ms");
        assertThat(rung.profiles()).containsExactly("offloaded", "log-quiet");
    }

    @Test
    void mistakesInTheFileAreNamed() throws IOException {
        assertThatThrownBy(() -> ScenarioLadder.load(write("rungs:\n  - name: a\n  - name: a\n")))
            .hasMessageContaining("'a' appears twice");
        assertThatThrownBy(() -> ScenarioLadder.load(write("rungs:\n  - name: a\n    profile: [blocking]\n")))
            .hasMessageContaining("not valid");
        assertThatThrownBy(() -> ScenarioLadder
            .load(write("rungs:\n  - name: a\n    target: backend\n    profiles: [blocking]\n")))
            .hasMessageContaining("does not drive the gateway");
        assertThatThrownBy(() -> ScenarioLadder.load(write("rungs:\n  - name: A b\n")))
            .hasMessageContaining("lower-case");
        assertThatThrownBy(() -> ScenarioLadder.load(write("rungs: []\n"))).hasMessageContaining("no rungs");
        assertThatThrownBy(() -> ScenarioLadder.load(dir.resolve("missing.yml"))).hasMessageContaining("not found");
    }

    private Path write(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "ladder", ".yml");
        Files.writeString(file, yaml);
        return file;
    }

}
