package dev.perflab.lab.cli;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.common.AuthClientMode;
import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * AUTH_CLIENT and GATEWAY_PROFILES together: GATEWAY_PROFILES=blocking alone means the
 * blocking client (it used to be paired with a default reactive the user never typed, and
 * the gateway died on "profiles reactive and blocking exclude each other").
 */
class AuthClientChoiceTests {

    @Test
    void aClientNamedInProfilesAloneIsTheClient() {
        assertThat(AuthClientChoice.profiles(null, List.of("log-quiet", "blocking"))).containsExactly("blocking",
                "log-quiet");
    }

    @Test
    void withoutEitherTheClientIsReactiveInFrontOfTheProfiles() {
        assertThat(AuthClientChoice.profiles(null, List.of())).containsExactly("reactive");
        assertThat(AuthClientChoice.profiles(null, List.of("log-quiet", "rid-fast"))).containsExactly("reactive",
                "log-quiet", "rid-fast");
    }

    @Test
    void authClientGoesInFrontAndMayBeRepeatedInProfiles() {
        assertThat(AuthClientChoice.profiles(AuthClientMode.OFFLOADED, List.of("log-quiet")))
            .containsExactly("offloaded", "log-quiet");
        assertThat(AuthClientChoice.profiles(AuthClientMode.BLOCKING, List.of("blocking", "log-quiet")))
            .containsExactly("blocking", "log-quiet");
    }

    @Test
    void twoClientsAreOneLineNamingWhatTheUserTyped() {
        assertThatThrownBy(() -> AuthClientChoice.profiles(AuthClientMode.REACTIVE, List.of("blocking", "log-quiet")))
            .isInstanceOf(LabException.class)
            .hasMessage("AUTH_CLIENT=reactive and GATEWAY_PROFILES=blocking,log-quiet name two auth clients "
                    + "(reactive and blocking): give the client once, as AUTH_CLIENT");
        assertThatThrownBy(() -> AuthClientChoice.profiles(null, List.of("blocking", "offloaded")))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("GATEWAY_PROFILES names 2 auth clients (blocking and offloaded)")
            .hasMessageNotContaining("\n");
    }

}
