package dev.perflab.lab.profile;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.ServiceLauncher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** make profile with async-profiler on the real gateway: the summary names what the event loop does. */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ProfileIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize().toString();

    @TempDir
    Path results;

    @BeforeAll
    static void portsFree() {
        assumeTrue(java.util.stream.Stream.of(Service.values()).allMatch(s -> ServiceLauncher.portFree(s.defaultPort())),
                "ports 38071-38073 are busy (is a lab up? make down)");
    }

    @Test
    void blockingClientIsNamedAsTheEventLoopsTopCostInWallClockTime() throws Exception {
        JsonNode rung = profile("blocking", "wall", "log-quiet,rid-fast");
        assertThat(rung.path("hotspot").asString()).startsWith("event loop spends").contains("blocking network I/O")
            .contains("RestTemplate.postForEntity");
        Path dir = results.resolve("latest").toRealPath();
        assertThat(Files.readString(dir.resolve("hotspots.md"))).contains("| blocking network I/O |");
        assertThat(Files.readString(dir.resolve("collapsed.txt"))).contains("[reactor-http-");
        assertThat(dir.resolve("flamegraph.html")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("report.md"))).contains("## Hotspots").contains(rung.path("hotspot").asString());
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2>Hotspots</h2>");
    }

    @Test
    void reactiveClientSpendsAlmostNothingInBlockingIo() throws Exception {
        JsonNode rung = profile("reactive", "wall", "log-quiet,rid-fast");
        assertThat(rung.path("hotspot_shares").path("blocking network I/O").asDouble(0)).isLessThan(0.05);
    }

    @Test
    void synchronousLoggingShowsUpOnTheEventLoop() throws Exception {
        JsonNode rung = profile("reactive", "cpu", "log-sync");
        assertThat(rung.path("hotspot_shares").path("logging").asDouble(0)).isGreaterThan(0.01);
    }

    private JsonNode profile(String client, String event, String profiles) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        List<String> args = new ArrayList<>(List.of("profile", "--root", ROOT, "--results", results.toString(), "--auth-client", client,
                "--event", event, "--profiles", profiles, "--duration", "5s", "--warmup-max", "4s", "--warmup-probe", "2s",
                "--threads", "2", "--connections", "4", "--java-opts", "-Xmx256m"));
        assertThat(commandLine.execute(args.toArray(String[]::new))).as(err.toString()).isZero();
        assertThat(out.toString()).contains("profile: event loop spends");
        return RunFolder.JSON.readTree(results.resolve("latest/summary.json").toFile()).path("rungs").get(0);
    }
}
