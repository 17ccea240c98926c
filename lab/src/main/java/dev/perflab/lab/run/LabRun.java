package dev.perflab.lab.run;

import dev.perflab.lab.result.Scenario;

import dev.perflab.lab.result.Durations;
import dev.perflab.lab.result.RunInfo;
import dev.perflab.lab.result.RungResult;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Compose;

import dev.perflab.lab.report.ReportWriter;
import dev.perflab.lab.system.StopOnExit;
import dev.perflab.lab.load.WrkGenerator;

/**
 * One run of one or more rungs into one results folder. Nothing measured is lost: summary.json is
 * rewritten after every rung, and a failure or Ctrl-C leaves error.txt and a report of what ran.
 */
public final class LabRun {

    private LabRun() {
    }

    public static RunFolder execute(String command, SystemOptions system, LoadOptions load, ProfileOptions profile,
            List<Scenario> rungs, Map<String, Object> extra, PrintWriter out) {
        load.validate();
        profile.validate();
        if (!system.compose()) {
            profile.gatewayJvmOptions(System.getenv());
        }
        system.healthTimeout();
        Compose compose = system.composeRuntime();
        String wrkVersion = WrkGenerator.requireInstalled();
        RunFolder run = RunFolder.create(system.results(), command);
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("threads", load.load().threads());
        parameters.put("connections", load.load().connections());
        parameters.put("timeout", Durations.format(load.load().timeout()));
        parameters.put("duration", Durations.format(load.duration()));
        parameters.put("repeat", load.repeat());
        parameters.put("warmup_max", Durations.format(load.warmupMax()));
        if (!load.faults().isEmpty()) {
            parameters.put("faults", load.faults().toString());
        }
        parameters.put("auth_latency", system.authLatency());
        parameters.put("java_opts", system.javaOpts());
        parameters.put("gateway_java_opts", system.gatewayJavaOpts());
        parameters.put("runtime", system.runtime());
        if (compose != null) {
            parameters.put("compose", compose.version());
            parameters.put("compose_files", compose.files().stream().map(f -> system.root().relativize(f).toString()).toList());
            parameters.put("limits", Compose.limits(System.getenv()));
        }
        parameters.put("wrk", wrkVersion);
        parameters.put("scenarios", rungs.stream().map(Scenario::name).toList());
        parameters.put("profiler", switch (profile.profiler()) {
            case "async" -> "async-profiler, event " + profile.event() + ", in a profiled window after the measured one";
            case "jfr" -> "JFR (profile settings), in a profiled window after the measured one";
            case "jprofiler" -> "JProfiler agent on 127.0.0.1:" + ProfileOptions.JPROFILER_PORT + ", loaded at start";
            default -> "none";
        });
        parameters.putAll(extra);
        run.writeJson("run.json", RunInfo.describe(system.root(), command, system.runtime(), parameters));
        out.println("Results: " + run.dir());
        out.flush();

        List<RungResult> results = new ArrayList<>();
        RungRunner runner = new RungRunner(system, load, profile, out);
        AtomicBoolean interrupted = new AtomicBoolean();
        try (StopOnExit onExit = StopOnExit.register("report", () -> {
            interrupted.set(true);
            run.error("interrupted (Ctrl-C or SIGTERM) during the run; the processes it started were stopped");
            finish(run, results);
        })) {
            for (int i = 0; i < rungs.size(); i++) {
                Scenario scenario = rungs.get(i);
                String relative = rungs.size() == 1 ? "." : scenario.name();
                Path dir = run.dir().resolve(relative).normalize();
                try {
                    results.add(runner.run(scenario, dir, relative, "[" + (i + 1) + "/" + rungs.size() + "]"));
                }
                catch (LabException ex) {
                    String message = "rung " + scenario.name() + ": " + ex.getMessage();
                    if (!interrupted.get()) {
                        // on Ctrl-C the exit hook says so; wrk's exit from it is no failure of its own
                        run.error(message);
                        finish(run, results);
                    }
                    throw new LabException(message + " (results so far: " + run.dir() + ")", ex);
                }
                run.writeJson("summary.json", Map.of("rungs", results));
            }
            finish(run, results);
        }
        out.println("Report: " + run.resolve("report.md") + " and " + run.resolve("report.html"));
        out.flush();
        return run;
    }

    /** summary.json, then the report from the folder: the same path make report takes. */
    private static void finish(RunFolder run, List<RungResult> results) {
        run.writeJson("summary.json", Map.of("rungs", results));
        ReportWriter.writeFrom(run);
    }
}
