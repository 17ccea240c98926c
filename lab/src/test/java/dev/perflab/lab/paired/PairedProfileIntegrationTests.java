package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.cli.LabCommand;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PROFILER and SLO on a tiny paired make compare of the real gateways: async-profiler
 * attached to both sides in their measured windows leaves a flame graph per side per pass
 * in the side's folder, named in compare.md; an objective no side can hold is a ✗ line
 * per side and exit code 3, as on the sequential targets.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PairedProfileIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @Test
    void bothGatewaysAreProfiledInEveryPassAndABrokenSloExitsWithThree() throws Exception {
        int code = compare("async");
        assertThat(code).as(out + err.toString()).isEqualTo(3);
        assertThat(out.toString()).contains("PROFILER=async: every gateway side profiled in its measured windows")
            .contains("SLO p99:0.01ms: p99 at most 0.01 ms in every measured window at 100 req/s")
            .contains("✗ A (reactive): p99 ")
            .contains("✗ B (reactive,log-quiet): p99 ");
        Path run = results.resolve("latest").toRealPath();
        String compare = Files.readString(run.resolve("compare.md"));
        assertThat(compare).contains("## Profiles").contains("a ratio of two gateways stays paired");
        for (int pass = 1; pass <= 2; pass++) {
            for (String side : List.of("a", "b")) {
                Path dir = run.resolve("pass-" + pass).resolve(side);
                assertThat(Files.readString(dir.resolve("flamegraph.html"))).as("pass %d, side %s", pass, side)
                    .contains("reactor-http");
                assertThat(dir.resolve("hotspots.md")).isNotEmptyFile();
                assertThat(dir.resolve("libasyncProfiler.so")).doesNotExist();
                assertThat(compare).contains("[" + side + "](pass-" + pass + "/" + side + "/flamegraph.html)");
            }
        }
    }

    private int compare(String profiler) {
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute("pair", "--results", results.toString(), "--root", ROOT, "--a-gateway", "reactive",
                "--b-gateway", "reactive,log-quiet", "--rate", "100", "--passes", "2", "--duration", "4s",
                "--subwindow", "2s", "--warmup", "2s", "--warmup-probe", "2s", "--java-opts",
                "-Xms256m -Xmx256m -XX:TieredStopAtLevel=1", "--seed", "7", "--profiler", profiler, "--slo",
                "p99:0.01ms");
    }

}
