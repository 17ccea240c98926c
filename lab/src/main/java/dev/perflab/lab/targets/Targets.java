package dev.perflab.lab.targets;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;
import java.util.List;

/** Makes the target of each kind: the one place that tells the kinds apart. */
public final class Targets {

    /**
     * The token the load sends through the gateway and nginx; auth-service accepts it.
     */
    public static final String TOKEN = "lab-token";

    /**
     * The header line that carries it: TOKEN_HEADER's default, and what the nginx
     * reference always sends.
     */
    public static final String HEADER = "Authorization: Bearer " + TOKEN;

    /** The profile of an nginx rung whose auth subrequest's answers are cached. */
    public static final String NGINX_AUTH_CACHE = "auth-cache";

    private Targets() {
    }

    /**
     * @param specs each app's launch spec as the system options make it
     * @param gateway adds what this run puts on the gateway beyond its profiles (a
     * profiler agent)
     * @param root the repository root, where the reference rung's nginx configuration
     * lies
     * @param route where the load goes through the gateway (ROUTE)
     * @param header the header line the load sends through the gateway (TOKEN_HEADER), or
     * null
     */
    public static Target of(TargetKind kind, List<String> profiles, Function<Service, LaunchSpec> specs,
            UnaryOperator<LaunchSpec> gateway, Path root, String route, String header) {
        return switch (kind) {
            case BACKEND -> new BackendTarget(specs.apply(Service.BUSINESS));
            case GATEWAY -> new GatewayTarget(specs.apply(Service.BUSINESS), specs.apply(Service.AUTH),
                    gateway.apply(specs.apply(Service.GATEWAY).withProfiles(profiles)), route, header);
            case NGINX -> new NginxTarget(root, specs.apply(Service.BUSINESS), specs.apply(Service.AUTH),
                    profiles.contains(NGINX_AUTH_CACHE));
        };
    }

    static LaunchSpec withAuthLatency(LaunchSpec auth, String latency) {
        return auth.withEnv("AUTH_LATENCY", latency);
    }

}
