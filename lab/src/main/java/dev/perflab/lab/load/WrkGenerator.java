package dev.perflab.lab.load;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;

/**
 * The closed-loop load generator: wrk with a fixed number of connections, each sending
 * its next request when the last one came back, with the lab's Lua script for a
 * machine-readable summary. It runs through {@link Commands}: it stops on Ctrl-C and dies
 * with the runner.
 */
public final class WrkGenerator implements LoadGenerator {

    private final Path script;

    private final Load load;

    private final List<String> placement;

    private String version;

    public WrkGenerator(Path script, Load load) {
        this(script, load, List.of());
    }

    /**
     * @param placement what goes before wrk's command: taskset with the generator's
     * cores, or nothing (see Placement)
     */
    public WrkGenerator(Path script, Load load, List<String> placement) {
        this.script = script;
        this.load = load;
        this.placement = List.copyOf(placement);
    }

    @Override
    public String version() {
        if (version == null) {
            version = requireInstalled();
        }
        return version;
    }

    @Override
    public String describe() {
        return "wrk -t" + load.threads() + " -c" + load.connections() + " --timeout " + load.timeout().toSeconds()
                + "s";
    }

    @Override
    public LoadResult offer(URI url, String header, Duration duration) {
        String output = run(load, duration, url.toString(), header);
        WrkResult result = WrkOutput.parse(output);
        return new LoadResult(result.requests(), result.durationMicros(), result.errors().total(),
                result.errors().socket(), result.successes(), result.latency(), result.histogram(), output,
                WrkOutput.summaryJson(output));
    }

    public record Load(int threads, int connections, Duration timeout) {

        public Load {
            if (threads < 1 || connections < 1) {
                throw new LabException(
                        "THREADS and CONNECTIONS must be at least 1 (got " + threads + " and " + connections + ")");
            }
            if (connections < threads) {
                throw new LabException("CONNECTIONS (" + connections + ") must be at least THREADS (" + threads
                        + "): wrk gives each thread its own connections");
            }
        }
    }

    /** Fails with the fix when wrk is missing, before anything starts. */
    public static String requireInstalled() {
        Commands.Result version = Commands.run(List.of("wrk", "-v"), null, Duration.ofSeconds(10));
        if (version.exit() == Commands.Result.NOT_RUN) {
            throw new LabException(
                    "wrk is not installed: install it (Debian/Ubuntu: sudo apt-get install wrk; macOS: brew install wrk) and run again");
        }
        return version.output().lines().findFirst().orElse("wrk").trim();
    }

    public List<String> command(Load load, Duration duration, String url) {
        List<String> command = new ArrayList<>(placement);
        command
            .addAll(List.of("wrk", "-t" + load.threads(), "-c" + load.connections(), "-d" + duration.toSeconds() + "s",
                    "--timeout", load.timeout().toSeconds() + "s", "--latency", "-s", script.toString(), url));
        return command;
    }

    /**
     * Runs wrk to completion, every request with {@code header} ("Name: value", or null);
     * returns its full console output.
     */
    public String run(Load load, Duration duration, String url, String header) {
        if (!Files.isRegularFile(script)) {
            throw new LabException("wrk script " + script + " is missing: run from the repository root");
        }
        // wrk ends itself after the duration; the margin covers its last requests'
        // timeout and start-up
        Duration limit = duration.plus(load.timeout()).plusSeconds(30);
        Commands.Result result = Commands.run(command(load, duration, url), null,
                Map.of("WRK_HEADER", header == null ? "" : header), limit);
        if (result.exit() == Commands.Result.NOT_RUN) {
            throw new LabException("cannot start wrk: " + result.output());
        }
        if (result.exit() == Commands.Result.TIMED_OUT) {
            throw new LabException("wrk did not end within " + limit.toSeconds() + " s of a " + duration.toSeconds()
                    + " s run; stopped it");
        }
        if (!result.ok()) {
            throw new LabException("wrk exited with " + result.exit() + ": " + result.lastLine());
        }
        return result.output();
    }

}
