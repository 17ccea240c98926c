package dev.perflab.lab.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * GATEWAY_JAR and GATEWAY_IMAGE, declared once for every command that takes them: the
 * sequential targets run your gateway in place of the lab's; the paired ones run the
 * sides they name by Spring profiles from GATEWAY_JAR, and make compare's side given as
 * {@code image} from GATEWAY_IMAGE.
 */
public class OwnGatewayOptions {

    /** GATEWAY_JAR, declared once in {@link GatewayJarOption}. */
    @Mixin
    GatewayJarOption jarOption = new GatewayJarOption();

    @Option(names = "--gateway-image", defaultValue = "${env:GATEWAY_IMAGE:-}",
            description = "Your own gateway image instead of the lab's (RUNTIME=compose); it gets BUSINESS_URL and AUTH_URL; on make compare the image a side given as image runs (default: the lab's gateway).")
    String gatewayImage;

    /** GATEWAY_JAR as given, trimmed; empty for none. */
    String jar() {
        return jarOption.jar();
    }

    /** GATEWAY_IMAGE as given, trimmed; empty for none. */
    String image() {
        return gatewayImage == null ? "" : gatewayImage.trim();
    }

}
