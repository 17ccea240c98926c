package dev.perflab.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.ScenarioLadder;

import dev.perflab.lab.result.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which rungs of the ladder RUNTIME=remote and kubernetes run, and the one line that says
 * so.
 */
class RemoteRungsTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final List<Scenario> LADDER = ScenarioLadder.load(ROOT.resolve("lab/scenarios.yml")).rungs();

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();

    private SystemOptions options(String runtime, Path remote) {
        SystemOptions options = new SystemOptions();
        options.apps.place.root = ROOT;
        options.runtime.runtime = runtime;
        options.remoteFile = remote;
        return options;
    }

    @Test
    void remoteRunsTheBackendOneGatewayAsDeployedAndNginxOnlyWithItsAddress() throws IOException {
        List<Scenario> rungs = RemoteRungs.select(new SystemSetup(options("remote", Path.of("lab/remote.example.yml"))),
                CommandKind.LAB, LADDER, new PrintWriter(out, true));
        assertThat(rungs).extracting(Scenario::name).containsExactly("baseline", "gateway");
        assertThat(rungs.get(1).profiles()).as("not guessed").containsExactly("unknown");
        assertThat(out.toString().strip()).hasLineCount(1)
            .isEqualTo(
                    "RUNTIME=remote measures the system as deployed: baseline, gateway (as deployed, in place of blocking, offloaded, "
                            + "reactive, log-async, log-quiet, rid-fast, loop-pools, auth-cache); left out: nginx (no nginx.url in the REMOTE file)");

        Path withNginx = dir.resolve("remote.yml");
        Files.writeString(withNginx, Files.readString(ROOT.resolve("lab/remote.example.yml"))
                + "nginx:\n  url: http://127.0.0.1:38074/service/hello\n");
        assertThat(RemoteRungs.select(new SystemSetup(options("remote", withNginx)), CommandKind.LAB, LADDER,
                new PrintWriter(new StringWriter())))
            .extracting(Scenario::name)
            .containsExactly("baseline", "gateway", "nginx");
    }

    @Test
    void kubernetesKeepsTheLadderAndLocalIsUntouched() {
        assertThat(RemoteRungs.select(new SystemSetup(options("kubernetes", Path.of("lab/remote.example.yml"))),
                CommandKind.LAB, LADDER, new PrintWriter(out, true)))
            .isEqualTo(LADDER);
        assertThat(RemoteRungs.select(new SystemSetup(options("local", Path.of("no-such-file.yml"))), CommandKind.LAB,
                LADDER, new PrintWriter(out, true)))
            .isEqualTo(LADDER);
        assertThat(out.toString()).isEmpty();
    }

}
