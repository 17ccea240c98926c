package dev.perflab.lab.cli;

import picocli.CommandLine.Option;

/** GATEWAY_JAR, declared once: the user's own gateway jar. */
public class GatewayJarOption {

    @Option(names = "--gateway-jar", defaultValue = "${env:GATEWAY_JAR:-}",
            description = "Your own Spring Boot gateway jar instead of the lab's (local runtime), in front of the lab's auth-service and business-service, "
                    + "whose URLs it gets as BUSINESS_URL and AUTH_URL; on make lab, compare and pair-ladder the jar every rung or side named by Spring profiles runs, "
                    + "which must have those profiles; make advise: the jar to advise (default: the lab's gateway).")
    String gatewayJar;

    /** The jar as given, trimmed; empty for none. */
    public String jar() {
        return gatewayJar == null ? "" : gatewayJar.trim();
    }

}
