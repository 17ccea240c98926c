package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.paired.Side;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PROFILER, SLO, GATEWAY_JAR and GATEWAY_IMAGE on the paired targets where they cannot
 * mean anything: one line and exit code 1, before anything starts.
 */
class PairedKnobsTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path results;

    private final StringWriter err = new StringWriter();

    private int lab(String... args) {
        CommandLine line = LabCommand.commandLine();
        line.setOut(new PrintWriter(new StringWriter(), true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

    private int pair(String... extra) {
        String[] base = { "pair", "--results", results.toString(), "--root", ROOT.toString(), "--a-gateway", "reactive",
                "--b-gateway", "reactive,log-quiet" };
        String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return lab(args);
    }

    @Test
    void jprofilersAgentServesOneJvmSoTwoGatewaysAreRefused() {
        assertThat(pair("--profiler", "jprofiler")).isOne();
        assertThat(err.toString())
            .startsWith("lab: PROFILER=jprofiler loads an agent that serves one JVM on "
                    + "127.0.0.1:38849, and this run starts 2 gateways at once;")
            .contains("use PROFILER=async or jfr")
            .hasLineCount(1);
    }

    @Test
    void anImageIsRefusedOnThisMachineAndAJarWithoutTheSidesProfilesToo() {
        assertThat(pair("--gateway-image", "my/gateway:1")).isOne();
        assertThat(err.toString())
            .startsWith("lab: GATEWAY_IMAGE=my/gateway:1 is your gateway's image: name the side that runs it, "
                    + "A_GATEWAY=image or B_GATEWAY=image (RUNTIME=compose)")
            .hasLineCount(1);
        err.getBuffer().setLength(0);
        assertThat(lab("paired-lab", "--results", results.toString(), "--root", ROOT.toString(), "--only",
                "reactive,log-quiet", "--gateway-image", "my/gateway:1"))
            .isOne();
        assertThat(err.toString())
            .startsWith("lab: GATEWAY_IMAGE=my/gateway:1 is an image, which the paired make lab does not run")
            .contains("make compare RUNTIME=compose A_GATEWAY=nginx B_GATEWAY=image GATEWAY_IMAGE=my/gateway:1")
            .hasLineCount(1);
        err.getBuffer().setLength(0);
        assertThat(pair("--gateway-jar", "examples/own-gateway/target/own-gateway.jar")).isOne();
        assertThat(err.toString())
            .startsWith("lab: A_GATEWAY=reactive on GATEWAY_JAR=own-gateway.jar (GATEWAY_JAR runs every side named "
                    + "by profiles, and needs the lab's profiles) names the gateway profile 'reactive'")
            .hasLineCount(1);
        err.getBuffer().setLength(0);
        assertThat(pair("--slo", "p98:1ms")).isOne();
        assertThat(err.toString()).startsWith("lab: SLO must be a percentile and a latency").hasLineCount(1);
    }

    @Test
    void makeLabAndAdviseAcrossHostsRefuseNginxRungsAndAgentsWithoutAGatewayHostInOneLine() {
        // the default ladder's nginx rungs run on this machine only
        assertThat(
                lab("paired-lab", "--results", results.toString(), "--root", ROOT.toString(), "--gateway-host", "h1"))
            .isOne();
        assertThat(err.toString())
            .isEqualTo("lab: GATEWAY_HOST=h1 runs JVM gateways; nginx is nginx, which runs on this machine only: "
                    + "name the gateway rungs with ONLY=, e.g. ONLY=reactive,log-quiet" + System.lineSeparator());
        err.getBuffer().setLength(0);
        // agents elsewhere would send to this machine's loopback
        assertThat(lab("paired-lab", "--results", results.toString(), "--root", ROOT.toString(), "--only",
                "reactive,log-quiet", "--agent-hosts", "h2,h3"))
            .isOne();
        assertThat(err.toString()).startsWith("lab: AGENT_HOSTS for make lab needs GATEWAY_HOST=<host>")
            .hasLineCount(1);
        err.getBuffer().setLength(0);
        assertThat(lab("advise", "--results", results.toString(), "--root", ROOT.toString(), "--gateway-jar",
                "examples/own-gateway/target/own-gateway.jar", "--agent-hosts", "h2"))
            .isOne();
        assertThat(err.toString()).startsWith("lab: AGENT_HOSTS for make advise needs GATEWAY_HOST=<host>")
            .hasLineCount(1);
        assertThat(results).as("nothing started, nothing written").isEmptyDirectory();
    }

    @Test
    void makeLabTakesABuildOfTheLabsGatewayAndSendsYourOwnJarToMakeCompare() {
        assertThat(lab("paired-lab", "--results", results.toString(), "--root", ROOT.toString(), "--only",
                "reactive,log-quiet", "--gateway-jar", "examples/own-gateway/target/own-gateway.jar"))
            .isOne();
        assertThat(err.toString())
            .startsWith("lab: GATEWAY_JAR=examples/own-gateway/target/own-gateway.jar has no Spring profile 'reactive'")
            .contains("make compare A_GATEWAY=nginx B_GATEWAY=examples/own-gateway/target/own-gateway.jar")
            .hasLineCount(1);
    }

    @Test
    void gatewayJarIsTheBuildEverySideNamedByProfilesRuns() {
        Path jar = ROOT.resolve("gateway/target/gateway.jar");
        Side side = Side.of("B", "reactive,log-quiet", "", null, ROOT, jar);
        assertThat(side.kind()).isInstanceOfSatisfying(Side.LabGateway.class, lab -> {
            assertThat(lab.profiles()).containsExactly("reactive", "log-quiet");
            assertThat(lab.build().jar()).isEqualTo(jar);
        });
        assertThat(side.describe()).isEqualTo("the lab's gateway (profiles reactive,log-quiet) from " + jar);
        assertThat(Side.of("A", "examples/own-gateway/target/own-gateway.jar", "", null, ROOT, jar).kind())
            .as("a side given as a jar runs that jar")
            .isInstanceOf(Side.OwnJar.class);
    }

}
