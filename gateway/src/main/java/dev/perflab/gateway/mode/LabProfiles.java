package dev.perflab.gateway.mode;

import dev.perflab.common.ModeValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.perflab.common.AuthClientMode;
import dev.perflab.gateway.logging.RequestLogging;
import dev.perflab.gateway.requestid.RequestIdGenerator;

/**
 * The gateway profiles the lab knows, and the combinations that make sense: at most one
 * auth client, one logging mode and one request-id generator. A mode's profile is named
 * after its tag, with {@code log-} or {@code rid-} in front for logging and request ids.
 */
public final class LabProfiles {

    public static final List<String> AUTH_CLIENTS = ModeValue.tags(AuthClientMode.class);

    public static final List<String> LOGGING = prefixed("log-", ModeValue.tags(RequestLogging.class));

    public static final List<String> REQUEST_IDS = prefixed("rid-", ModeValue.tags(RequestIdGenerator.class));

    public static final List<String> SWITCHES = List.of("auth-cache", "blockhound", "loop-pools", "burn",
            "no-netty-metrics", "no-auth-timer", "strip-prefix", "strip-lean", "routes-first", "no-grpc-headers",
            "one-header-pass", "netty-auth", "flush-consolidation", "one-write-answer");

    private LabProfiles() {
    }

    private static List<String> prefixed(String prefix, List<String> tags) {
        return tags.stream().map(tag -> prefix + tag).toList();
    }

    public static List<String> known() {
        List<String> all = new ArrayList<>(AUTH_CLIENTS);
        all.addAll(LOGGING);
        all.addAll(REQUEST_IDS);
        all.addAll(SWITCHES);
        return all;
    }

    /** Returns why the combination cannot run, or empty when it can. */
    public static Optional<String> problem(Collection<String> active, int javaFeatureVersion) {
        Set<String> known = Set.copyOf(known());
        for (String profile : active) {
            if (!known.contains(profile)) {
                return Optional.of("unknown profile '" + profile + "'; known profiles: " + String.join(", ", known()));
            }
        }
        for (List<String> group : List.of(AUTH_CLIENTS, LOGGING, REQUEST_IDS)) {
            List<String> chosen = active.stream().filter(group::contains).distinct().toList();
            if (chosen.size() > 1) {
                return Optional.of("profiles " + String.join(" and ", chosen) + " exclude each other; pick one of "
                        + String.join(", ", group));
            }
        }
        if (active.contains(AuthClientMode.VIRTUAL.tag()) && javaFeatureVersion < 21) {
            return Optional.of("profile 'virtual' needs JDK 21 or newer (virtual threads); this JVM is "
                    + javaFeatureVersion + ": run with a newer JAVA_HOME or pick blocking, offloaded or reactive");
        }
        return Optional.empty();
    }

}
