package dev.perflab.lab.paired;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SideTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void profilesOfTheLabsGatewayAreCheckedAgainstItsJar() {
        Side side = Side.of("B", "reactive, burn", "-Dlab.burn.micros=40 -Xmx512m", ROOT);
        assertThat(side.profiles()).containsExactly("reactive", "burn");
        assertThat(side.javaOptions()).containsExactly("-Dlab.burn.micros=40", "-Xmx512m");
        assertThat(side.foreign()).isNull();
        assertThat(side.describe())
            .isEqualTo("the lab's gateway (profiles reactive,burn) with -Dlab.burn.micros=40 -Xmx512m");
        assertThatThrownBy(() -> Side.of("A", "reactiv", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("A_GATEWAY=reactiv names the gateway profile 'reactiv', which does not exist");
    }

    @Test
    void aJarIsTheUsersOwnGatewayAndAMissingOneIsOneLine() {
        Side own = Side.of("A", "examples/own-gateway/target/own-gateway.jar", "", ROOT);
        assertThat(own.foreign()).isNotNull();
        assertThat(own.describe()).isEqualTo("your gateway own-gateway.jar");
        assertThatThrownBy(() -> Side.of("A", "nowhere/gw.jar", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageContaining("nowhere/gw.jar");
    }

    @Test
    void anEmptySideSaysHowToCallCompare() {
        assertThatThrownBy(() -> Side.of("B", " ", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "make compare needs both sides to run them at the same time: A_GATEWAY=<profiles or jar> B_GATEWAY=<profiles or jar>")
            .hasMessageEndingWith("B_GATEWAY is empty");
    }

}
