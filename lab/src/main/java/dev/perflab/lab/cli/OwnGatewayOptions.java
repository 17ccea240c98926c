package dev.perflab.lab.cli;

import picocli.CommandLine.Option;

/**
 * GATEWAY_JAR and GATEWAY_IMAGE, declared once for every command that takes them: the
 * sequential targets run your gateway in place of the lab's; the paired ones run the
 * sides they name by Spring profiles from GATEWAY_JAR.
 */
public class OwnGatewayOptions {

    @Option(names = "--gateway-jar", defaultValue = "${env:GATEWAY_JAR:-}",
            description = "A gateway jar in place of the lab's build: your own Spring Boot gateway (local runtime), in front of the lab's auth-service and business-service, "
                    + "whose URLs it gets as BUSINESS_URL and AUTH_URL; on make lab, compare and pair-ladder the jar every rung or side named by Spring profiles runs, "
                    + "which must have those profiles (default: the lab's gateway).")
    String gatewayJar;

    @Option(names = "--gateway-image", defaultValue = "${env:GATEWAY_IMAGE:-}",
            description = "Your own gateway image instead of the lab's (RUNTIME=compose); it gets BUSINESS_URL and AUTH_URL (default: the lab's gateway).")
    String gatewayImage;

    /** GATEWAY_JAR as given, trimmed; empty for none. */
    String jar() {
        return gatewayJar == null ? "" : gatewayJar.trim();
    }

    /** GATEWAY_IMAGE as given, trimmed; empty for none. */
    String image() {
        return gatewayImage == null ? "" : gatewayImage.trim();
    }

}
