package dev.perflab.lab.run;

import dev.perflab.lab.Durations;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.stats.StatsLine;
import dev.perflab.lab.system.StopOnExit;
import tools.jackson.databind.JsonNode;
import tools.jackson.core.JacksonException;

/**
 * Faults injected into auth-service at fixed offsets into each measured window, through
 * its {@code /admin/fault} endpoint: {@code FAULTS="20s:latency=20ms 40s:latency=1ms"}.
 * Each change is logged to {@code faults.log} with the timestamp format of
 * {@code stats.log}, so the two line up; the settings in force before the window are
 * restored after it.
 */
public record FaultSchedule(List<Step> steps) {

    /** One change: at this offset, POST these parameters. */
    public record Step(Duration at, String query) {
    }

    private static final Pattern STEP = Pattern
        .compile("(\\d+[smh]?):((?:latency|errorRate)=[^&\\s]+(?:&(?:latency|errorRate)=[^&\\s]+)*)");

    public static FaultSchedule none() {
        return new FaultSchedule(List.of());
    }

    /**
     * Steps separated by spaces or commas, each
     * {@code <offset>:<key>=<value>[&<key>=<value>]} with keys latency and errorRate.
     */
    public static FaultSchedule parse(String text) {
        List<Step> steps = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return none();
        }
        for (String entry : text.trim().split("[\\s,]+")) {
            Matcher m = STEP.matcher(entry);
            if (!m.matches()) {
                throw new LabException(
                        "FAULTS entry '" + entry + "' must look like 20s:latency=20ms or 30s:errorRate=0.05 "
                                + "(offset into the measured window, then latency and/or errorRate joined by &)");
            }
            steps.add(new Step(Durations.parse(m.group(1)), m.group(2)));
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).at().compareTo(steps.get(i - 1).at()) <= 0) {
                throw new LabException("FAULTS offsets must increase: " + text.trim());
            }
        }
        return new FaultSchedule(List.copyOf(steps));
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /** Every step must fall inside a measured window of this length. */
    public void checkWithin(Duration window) {
        steps.stream().filter(step -> step.at().compareTo(window) >= 0).findFirst().ifPresent(step -> {
            throw new LabException("FAULTS offset " + Durations.format(step.at()) + " is not inside DURATION="
                    + Durations.format(window) + ": use offsets below the measured window's length");
        });
    }

    @Override
    public String toString() {
        return String.join(" ", steps.stream().map(s -> Durations.format(s.at()) + ":" + s.query()).toList());
    }

    /**
     * Runs the steps against auth-service from now on, in the background; closing it
     * restores the settings in force before.
     */
    public Running start(URI authService, Path log, PrintWriter out) {
        return new Running(this, authService, log, out);
    }

    public static final class Running implements AutoCloseable {

        private final URI admin;

        private final Path log;

        private final PrintWriter out;

        private final Thread thread;

        private final String before;

        private final StopOnExit onExit;

        Running(FaultSchedule schedule, URI authService, Path log, PrintWriter out) {
            this.admin = authService.resolve("/admin/fault");
            this.log = log;
            this.out = out;
            this.before = schedule.isEmpty() ? null : current();
            long start = System.nanoTime();
            this.thread = new Thread(() -> {
                for (Step step : schedule.steps()) {
                    long wait = step.at().toNanos() - (System.nanoTime() - start);
                    try {
                        Thread.sleep(Math.max(0, wait / 1_000_000));
                    }
                    catch (InterruptedException ex) {
                        return;
                    }
                    apply(step.query(), "at " + Progress.clock(step.at()));
                }
            }, "lab-faults");
            this.thread.setDaemon(true);
            // Ctrl-C or SIGTERM mid-window: the settings in force before are restored on
            // the way out (on a remote system
            // nobody else would, and the next user of that auth-service would meet the
            // faults)
            this.onExit = schedule.isEmpty() ? null : StopOnExit.register("faults", () -> {
                thread.interrupt();
                apply(before, "on exit, restored");
            });
            if (!schedule.isEmpty()) {
                thread.start();
            }
        }

        /** What auth-service has in force now, as a query to restore it. */
        private String current() {
            try {
                HttpResponse<String> response = LabHttp.get(admin);
                JsonNode faults = response.statusCode() == 200 ? RunFolder.JSON.readTree(response.body()) : null;
                if (faults == null || !faults.hasNonNull("latency") || !faults.hasNonNull("errorRate")) {
                    throw new LabException("auth-service's /admin/fault answered " + response.statusCode() + ": "
                            + response.body() + " (it answers loopback callers only)");
                }
                return "latency=" + faults.get("latency").asString() + "&errorRate="
                        + faults.get("errorRate").asDouble();
            }
            catch (IOException | JacksonException ex) {
                throw new LabException("cannot read auth-service's faults at " + admin + ": " + ex.getMessage());
            }
        }

        private void apply(String query, String when) {
            String line;
            try {
                HttpResponse<String> response = LabHttp.post(URI.create(admin + "?" + query));
                line = query + " -> " + response.statusCode() + " " + response.body().strip();
            }
            catch (IOException | RuntimeException ex) {
                line = query + " -> failed: " + ex.getMessage();
            }
            String stamped = LocalDateTime.now().format(StatsLine.TIME) + "   " + when + "   " + line;
            try {
                Files.writeString(log, stamped + System.lineSeparator(), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            catch (IOException ex) {
                // the console line below still says what happened
            }
            out.println("    fault " + when + ": " + line);
            out.flush();
        }

        @Override
        public void close() {
            if (before == null) {
                return;
            }
            onExit.close();
            thread.interrupt();
            try {
                thread.join(2000);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            apply(before, "after the window, restored");
        }

    }
}
