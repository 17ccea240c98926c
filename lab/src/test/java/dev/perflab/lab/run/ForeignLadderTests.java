package dev.perflab.lab.run;

import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The ladder and the compose variables for the user's own gateway. */
class ForeignLadderTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void theLabsGatewayRungsBecomeOneRungOfTheUsersGatewayBetweenBaselineAndNginx() {
        ScenarioLadder ladder = ScenarioLadder.load(ROOT.resolve("lab/scenarios.yml"));
        ScenarioLadder own = ladder.withForeignGateway(Scenario.gateway("own-gateway", List.of("prod"), "yours"));
        assertThat(own.rungs()).extracting(Scenario::name).containsExactly("baseline", "own-gateway", "nginx");
        assertThat(own.rungs().get(1).profiles()).containsExactly("prod");
        assertThat(own.capacityRungs(List.of())).extracting(Scenario::name).containsExactly("own-gateway", "nginx");
        assertThat(own.select(List.of("own-gateway"))).extracting(Scenario::name).containsExactly("own-gateway");
    }

    @Test
    void composeRunsTheUsersImageWithItsOwnProfilesOnly() {
        LaunchSpec lab = LaunchSpec.of(Service.GATEWAY);
        assertThat(Compose.environment(lab)).containsEntry("GATEWAY_PROFILES", "reactive")
            .doesNotContainKey("GATEWAY_IMAGE");
        LaunchSpec foreign = lab.withForeign(ForeignGateway.ofImage("example/gw:1"));
        assertThat(Compose.environment(foreign)).containsEntry("GATEWAY_IMAGE", "example/gw:1")
            .containsEntry("GATEWAY_PROFILES", "default");
        assertThat(Compose.environment(foreign.withProfiles(List.of("prod")))).containsEntry("GATEWAY_PROFILES",
                "prod");
    }

}
