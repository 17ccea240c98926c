package dev.perflab.lab.load;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.StopOnExit;

/**
 * The closed-loop load generator: wrk with a fixed number of connections, each sending its next
 * request when the last one came back, with the lab's Lua script for a machine-readable summary.
 * The process is the lab's own, so it is stopped by its handle when the run is interrupted.
 */
public final class WrkGenerator implements LoadGenerator {

    private final Path script;
    private final Load load;
    private String version;

    public WrkGenerator(Path script, Load load) {
        this.script = script;
        this.load = load;
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
        return "wrk -t" + load.threads() + " -c" + load.connections() + " --timeout " + load.timeout().toSeconds() + "s";
    }

    @Override
    public LoadResult offer(URI url, String token, Duration duration) {
        String output = run(load, duration, url.toString(), token);
        WrkResult result = WrkOutput.parse(output);
        return new LoadResult(result.requests(), result.durationMicros(), result.errors().total(), result.latency(), result.histogram(),
                output, WrkOutput.summaryJson(output));
    }

    public record Load(int threads, int connections, Duration timeout) {

        public Load {
            if (threads < 1 || connections < 1) {
                throw new LabException("THREADS and CONNECTIONS must be at least 1 (got " + threads + " and " + connections + ")");
            }
            if (connections < threads) {
                throw new LabException("CONNECTIONS (" + connections + ") must be at least THREADS (" + threads + "): wrk gives each thread its own connections");
            }
        }
    }

    /** Fails with the fix when wrk is missing, before anything starts. */
    public static String requireInstalled() {
        try {
            Process process = new ProcessBuilder("wrk", "-v").redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(10, TimeUnit.SECONDS);
            return out.lines().findFirst().orElse("wrk").trim();
        }
        catch (IOException ex) {
            throw new LabException("wrk is not installed: install it (Debian/Ubuntu: sudo apt-get install wrk; macOS: brew install wrk) and run again");
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while checking for wrk");
        }
    }

    public List<String> command(Load load, Duration duration, String url) {
        List<String> command = new ArrayList<>(List.of("wrk",
                "-t" + load.threads(), "-c" + load.connections(), "-d" + duration.toSeconds() + "s",
                "--timeout", load.timeout().toSeconds() + "s", "--latency", "-s", script.toString(), url));
        return command;
    }

    /** Runs wrk to completion; returns its full console output. */
    public String run(Load load, Duration duration, String url, String token) {
        if (!Files.isRegularFile(script)) {
            throw new LabException("wrk script " + script + " is missing: run from the repository root");
        }
        ProcessBuilder builder = new ProcessBuilder(command(load, duration, url)).redirectErrorStream(true);
        builder.environment().put("WRK_TOKEN", token == null ? "" : token);
        Process process;
        try {
            process = builder.start();
        }
        catch (IOException ex) {
            throw new LabException("cannot start wrk: " + ex.getMessage(), ex);
        }
        try (StopOnExit onExit = StopOnExit.register("wrk", process::destroy)) {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = process.waitFor();
            if (exit != 0) {
                throw new LabException("wrk exited with " + exit + ": " + output.strip().lines().reduce((a, b) -> b).orElse("(no output)"));
            }
            return output;
        }
        catch (IOException ex) {
            throw new LabException("lost wrk's output: " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while wrk ran");
        }
        finally {
            process.destroy();
        }
    }
}
