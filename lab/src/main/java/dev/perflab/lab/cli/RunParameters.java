package dev.perflab.lab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.Durations;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.ForeignGateway;

/**
 * What run.json records of a sequential run's plan: the load, the system, the profiler
 * and the gateway the rungs drive.
 */
final class RunParameters {

    private RunParameters() {
    }

    /** run.json's parameters of the load and the system. */
    static Map<String, Object> of(SystemSetup setup, LoadOptions load, Compose compose, List<Scenario> rungs) {
        SystemOptions system = setup.options();
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("threads", load.load().threads());
        parameters.put("connections", load.load().connections());
        parameters.put("timeout", Durations.format(load.load().timeout()));
        parameters.put("duration", Durations.format(load.duration()));
        parameters.put("repeat", load.repeat());
        parameters.put("subwindow", Durations.format(load.subwindows().get(0)));
        parameters.put("warmup_max", Durations.format(load.warmupMax()));
        if (!load.faults().isEmpty()) {
            parameters.put("faults", load.faults().toString());
        }
        if (system.remote()) {
            parameters.put("auth_latency", "as deployed");
            parameters.put("system", "not started by the lab: measured at the REMOTE file's addresses"
                    + (system.kubernetes() ? ", after kubectl apply -k of each rung's overlay" : ""));
            parameters.put("remote", setup.remoteConfig().describe());
        }
        else {
            parameters.put("auth_latency", system.authLatency());
            parameters.put("java_opts", system.javaOpts());
            parameters.put("gateway_java_opts", system.gatewayJavaOpts());
        }
        parameters.put("runtime", system.runtime());
        parameters
            .put("placement",
                    system.remote()
                            ? "load generator on this machine's " + Runtime.getRuntime().availableProcessors()
                                    + " cores, the system at the REMOTE file's addresses"
                            : setup.placement().describe());
        if (compose != null) {
            parameters.put("compose", compose.version());
            parameters.put("compose_files",
                    compose.files().stream().map(f -> system.root().relativize(f).toString()).toList());
            parameters.put("limits", Compose.limits(System.getenv()));
        }
        if (drivesGateway(rungs)) {
            parameters.put("route", system.route());
            // the header's name only: its value may be a real credential
            parameters.put("token_header", system.tokenHeader() == null ? "none" : headerName(system.tokenHeader()));
        }
        return parameters;
    }

    private static boolean drivesGateway(List<Scenario> rungs) {
        return rungs.stream().anyMatch(rung -> rung.target() == TargetKind.GATEWAY);
    }

    /**
     * Which gateway the rungs drive (the user's own: foreign, with what the lab could
     * read of it); null when none does.
     */
    static Map<String, Object> gateway(SystemSetup setup, List<Scenario> rungs) {
        SystemOptions system = setup.options();
        if (!drivesGateway(rungs)) {
            return null;
        }
        Optional<ForeignGateway> foreign = setup.foreignGateway();
        return foreign.map(g -> g.describe(system.route(), headerName(system.tokenHeader())))
            .orElseGet(() -> new LinkedHashMap<>(Map.of("foreign", false)));
    }

    static String profilerText(ProfileOptions profile) {
        return switch (profile.profiler()) {
            case ASYNC -> "async-profiler, event " + profile.event() + ", in a profiled window after the measured one";
            case JFR -> "JFR (profile settings), in a profiled window after the measured one";
            case JPROFILER -> "JProfiler agent on 127.0.0.1:" + ProfileOptions.JPROFILER_PORT + ", loaded at start";
            case NONE -> "none";
        };
    }

    private static String headerName(String header) {
        return header == null ? null : header.substring(0, header.indexOf(':')).trim();
    }

}
