package dev.perflab.lab.stats;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.ServiceLauncher;

/**
 * The compose runtime's stats log: {@code docker stats} itself, streaming, each line prefixed with
 * the time the way users prefix it with awk. Its lines are Docker's own; only the ANSI screen
 * codes between rounds are dropped.
 */
public final class DockerStatsSampler implements StatsSampler {

    static final String FORMAT = "table {{.Name}}\t{{.CPUPerc}}\t{{.MemUsage}}\t{{.MemPerc}}\t{{.NetIO}}\t{{.BlockIO}}\t{{.PIDs}}";

    private final List<String> command;
    private final BufferedWriter out;
    private Process process;
    private Thread reader;
    private long startedNanos;

    public DockerStatsSampler(List<String> containers, Path file) {
        this.command = new ArrayList<>(List.of("docker", "stats", "--format", FORMAT));
        this.command.addAll(containers);
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + file + ": " + ex.getMessage(), ex);
        }
    }

    @Override
    public DockerStatsSampler start() {
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        }
        catch (IOException ex) {
            throw new LabException("cannot run docker stats: " + ex.getMessage() + " (is the docker client installed?)", ex);
        }
        startedNanos = System.nanoTime();
        reader = new Thread(this::copy, "docker-stats");
        reader.setDaemon(true);
        reader.start();
        return this;
    }

    private void copy() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                Optional<String> cleaned = clean(line);
                if (cleaned.isPresent()) {
                    out.write(StatsLine.TIME.format(LocalDateTime.now()) + " " + cleaned.get());
                    out.newLine();
                    out.flush();
                }
            }
        }
        catch (IOException stopped) {
            // docker stats was stopped
        }
    }

    /** A line of docker's output without its screen codes; empty when nothing is left. */
    static Optional<String> clean(String line) {
        String text = line.replaceAll("\u001B\\[[0-9;]*[A-Za-z]", "").stripTrailing();
        return text.isBlank() ? Optional.empty() : Optional.of(text);
    }

    /** CPU the docker stats client used, as a share of one core over its lifetime. */
    @Override
    public double ownCpuPercentOfOneCore() {
        if (process == null) {
            return 0;
        }
        long wall = System.nanoTime() - startedNanos;
        return process.toHandle().info().totalCpuDuration().map(Duration::toNanos).map(cpu -> wall <= 0 ? 0 : cpu * 100.0 / wall).orElse(0.0);
    }

    @Override
    public void close() {
        if (process != null) {
            ServiceLauncher.stop(process, Duration.ofSeconds(5));
        }
        if (reader != null) {
            try {
                reader.join(5000);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            out.close();
        }
        catch (IOException ignored) {
            // lines are flushed as they come
        }
    }
}
