package dev.perflab.lab.cli;

import java.util.List;

import dev.perflab.common.AuthClientMode;
import picocli.CommandLine.Option;

/**
 * AUTH_CLIENT, declared once: the lab gateway's auth client (make gateway-test, profile,
 * up).
 */
public class AuthClientOption {

    @Option(names = "--auth-client", defaultValue = "${env:AUTH_CLIENT}",
            description = "${COMPLETION-CANDIDATES}: the gateway's auth client, in front of GATEWAY_PROFILES "
                    + "(default: the one GATEWAY_PROFILES names, else reactive).")
    AuthClientMode authClient;

    /** The gateway's profiles: this auth client in front of {@code profiles}. */
    List<String> profiles(List<String> profiles) {
        return AuthClientChoice.profiles(authClient, profiles);
    }

}
