package dev.perflab.lab.paired;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SideTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void profilesOfTheLabsGatewayAreCheckedAgainstItsJar() {
        Side side = Side.of("B", "reactive, burn", "-Dlab.burn.micros=40 -Xmx512m", ROOT);
        assertThat(side.kind()).isEqualTo(new Side.LabGateway(List.of("reactive", "burn")));
        assertThat(side.javaOptions()).containsExactly("-Dlab.burn.micros=40", "-Xmx512m");
        assertThat(side.describe())
            .isEqualTo("the lab's gateway (profiles reactive,burn) with -Dlab.burn.micros=40 -Xmx512m");
        assertThatThrownBy(() -> Side.of("A", "reactiv", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("A_GATEWAY=reactiv names the gateway profile 'reactiv', which does not exist");
    }

    @Test
    void aJarIsTheUsersOwnGatewayAndAMissingOneIsOneLine() {
        Side own = Side.of("A", "examples/own-gateway/target/own-gateway.jar", "", ROOT);
        assertThat(own.kind()).isInstanceOf(Side.OwnJar.class);
        assertThat(((Side.OwnJar) own.kind()).gateway().jar())
            .isEqualTo(ROOT.resolve("examples/own-gateway/target/own-gateway.jar"));
        assertThat(own.describe()).isEqualTo("your gateway own-gateway.jar");
        assertThatThrownBy(() -> Side.of("A", "nowhere/gw.jar", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageContaining("nowhere/gw.jar");
    }

    @Test
    void nginxAndNginxCachedRunTheLabsNginxConfigsAndTakeNoJvmOptions() {
        Side nginx = Side.of("A", " nginx ", "", ROOT);
        assertThat(nginx.jvm()).isFalse();
        assertThat(nginx.kind()).isEqualTo(new Side.Nginx(ROOT.resolve("lab/nginx/auth-request.conf"), false));
        assertThat(nginx.describe()).isEqualTo("nginx (nginx/auth-request.conf)");
        assertThat(nginx.withOptionsBefore(List.of("-Xmx1g")).javaOptions()).as("GATEWAY_JAVA_OPTS is for JVMs")
            .isEmpty();
        assertThat(nginx.json()).containsEntry("nginx", ROOT.resolve("lab/nginx/auth-request.conf").toString())
            .doesNotContainKey("profiles");
        Side cached = Side.of("B", "nginx-cached", "", ROOT);
        assertThat(cached.kind()).isEqualTo(new Side.Nginx(ROOT.resolve("lab/nginx/auth-request-cached.conf"), true));
        assertThat(cached.cachesAuth()).isTrue();
        assertThat(Side.of("B", "reactive", "", ROOT).jvm()).isTrue();
        assertThatThrownBy(() -> Side.of("B", "nginx", "-Xmx1g", ROOT)).isInstanceOf(LabException.class)
            .hasMessage("B_GATEWAY=nginx runs nginx, which takes no JVM options or JDK: "
                    + "leave B_JAVA_OPTS and B_JDK empty");
    }

    @Test
    void anEmptySideSaysHowToCallCompare() {
        assertThatThrownBy(() -> Side.of("B", " ", "", ROOT)).isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "make compare needs both sides to run them at the same time: A_GATEWAY=<profiles, jar or nginx> B_GATEWAY=<profiles, jar or nginx>")
            .hasMessageEndingWith("B_GATEWAY is empty");
    }

}
