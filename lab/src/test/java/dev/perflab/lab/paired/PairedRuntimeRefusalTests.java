package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.runtime.RuntimeKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A paired target on a runtime it cannot run on is one line and a non-zero exit, before
 * anything starts: remote and kubernetes measure a system with one gateway; compose runs
 * no gateway jar and no JDK of a side's own.
 */
class PairedRuntimeRefusalTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path results;

    @ParameterizedTest
    @CsvSource({ "pair, remote", "pair, kubernetes", "paired-lab, remote", "paired-lab, kubernetes" })
    void remoteRuntimesAreOneLineBeforeAnythingStarts(String command, String runtime) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        List<String> args = new java.util.ArrayList<>(
                List.of(command, "--runtime", runtime, "--root", ROOT.toString(), "--results", results.toString()));
        if (command.equals("pair")) {
            args.addAll(List.of("--a-gateway", "reactive", "--b-gateway", "reactive"));
        }
        int exit = line.execute(args.toArray(String[]::new));
        assertThat(exit).as(out + "\n" + err).isEqualTo(1);
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: RUNTIME=" + runtime + " cannot run a paired target")
            .contains("use RUNTIME=local or compose");
        try (Stream<Path> made = Files.list(results)) {
            assertThat(made).as("no results folder: nothing started").isEmpty();
        }
    }

    @Test
    void composeRefusesAGatewayJarAndAJdkOfASidesOwnInOneLine() {
        Side jar = Side.of("A", ROOT.resolve("gateway/target/gateway.jar").toString(), "", null, ROOT);
        assertThatThrownBy(
                () -> Stages.refuse(RuntimeKind.COMPOSE, List.of(Side.labGateway("B", List.of("reactive")), jar)))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("A (")
            .hasMessageContaining("a gateway jar runs on RUNTIME=local");
        Stages.refuse(RuntimeKind.LOCAL, List.of(jar));
        Stages.refuse(RuntimeKind.COMPOSE, List.of(Side.labGateway("B", List.of("reactive"))));
        Side build = Side.of("B", "reactive", "", null, ROOT, ROOT.resolve("gateway/target/gateway.jar"));
        assertThatThrownBy(() -> Stages.refuse(RuntimeKind.COMPOSE, List.of(build))).isInstanceOf(LabException.class)
            .hasMessage("B (reactive): GATEWAY_JAR runs on RUNTIME=local; on RUNTIME=compose a side named by "
                    + "profiles runs the lab's gateway image (make images)");
    }

    @Test
    void anImageSideRunsOnComposeOnlyAndNeedsGatewayImage() {
        Side image = Side.of("B", "image", "", null, ROOT, null, "my/gateway:1");
        assertThat(image.kind()).isInstanceOfSatisfying(Side.OwnImage.class,
                own -> assertThat(own.gateway().image()).isEqualTo("my/gateway:1"));
        assertThat(image.describe()).isEqualTo("your gateway image my/gateway:1");
        Stages.refuse(RuntimeKind.COMPOSE, List.of(Side.labGateway("A", List.of("reactive")), image));
        assertThatThrownBy(() -> Stages.refuse(RuntimeKind.LOCAL, List.of(image))).isInstanceOf(LabException.class)
            .hasMessage("B (image my/gateway:1): an image runs on RUNTIME=compose; on RUNTIME=local give your "
                    + "gateway's jar as the side");
        assertThatThrownBy(() -> Side.of("A", "image", "", null, ROOT, null, "")).isInstanceOf(LabException.class)
            .hasMessage("A_GATEWAY=image runs your gateway's image, and GATEWAY_IMAGE is empty: give "
                    + "GATEWAY_IMAGE=<image> (RUNTIME=compose)");
    }

    @Test
    void anImageSideOnTheLocalRuntimeIsOneLineBeforeAnythingStarts() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var line = LabCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int exit = line.execute("pair", "--runtime", "local", "--root", ROOT.toString(), "--results",
                results.toString(), "--a-gateway", "reactive", "--b-gateway", "image", "--gateway-image",
                "my/gateway:1");
        assertThat(exit).as(out + "\n" + err).isEqualTo(1);
        assertThat(err.toString().strip()).hasLineCount(1)
            .isEqualTo("lab: B (image my/gateway:1): an image runs on RUNTIME=compose; on RUNTIME=local give your "
                    + "gateway's jar as the side");
        try (Stream<Path> made = Files.list(results)) {
            assertThat(made).as("no results folder: nothing started").isEmpty();
        }
    }

}
