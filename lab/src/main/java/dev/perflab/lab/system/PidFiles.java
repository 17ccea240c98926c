package dev.perflab.lab.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.LabException;

/**
 * Remembers the services {@code make up} left running, one {@code <service>.pid} file each holding
 * the pid and the process start time. The start time makes {@code make down} stop only that
 * process, never an unrelated one that later got the same pid.
 */
public final class PidFiles {

    private final Path dir;

    public PidFiles(Path dir) {
        this.dir = dir;
    }

    public record Entry(Service service, long pid, long startedMillis, Path file) {

        Optional<ProcessHandle> liveProcess() {
            return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info().startInstant().map(Instant::toEpochMilli).orElse(-1L) == startedMillis);
        }
    }

    public void write(RunningService running) {
        long started = running.process().toHandle().info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(running.service().id() + ".pid"), running.pid() + " " + started + "\n");
        }
        catch (IOException ex) {
            throw new LabException("cannot write the pid file in " + dir + ": " + ex.getMessage(), ex);
        }
    }

    public List<Entry> read() {
        List<Entry> entries = new ArrayList<>();
        for (Service service : Service.values()) {
            Path file = dir.resolve(service.id() + ".pid");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                String[] fields = Files.readString(file).trim().split("\\s+");
                entries.add(new Entry(service, Long.parseLong(fields[0]), Long.parseLong(fields[1]), file));
            }
            catch (IOException | RuntimeException ex) {
                throw new LabException("pid file " + file + " is unreadable (" + ex.getMessage() + "): check the process by hand, then delete the file");
            }
        }
        return entries;
    }

    /** The entries whose process still runs. */
    public List<Entry> live() {
        return read().stream().filter(entry -> entry.liveProcess().isPresent()).toList();
    }

    /** Stops every recorded process that is still the one we started; returns one line per service. */
    public List<String> stopAll(Duration grace) {
        List<String> report = new ArrayList<>();
        List<Entry> entries = new ArrayList<>(read());
        java.util.Collections.reverse(entries);
        for (Entry entry : entries) {
            Optional<ProcessHandle> process = entry.liveProcess();
            if (process.isPresent()) {
                stop(process.get(), grace);
                report.add("stopped " + entry.service() + " (pid " + entry.pid() + ")");
            }
            else {
                report.add(entry.service() + " (pid " + entry.pid() + ") was no longer running");
            }
            delete(entry.file());
        }
        return report;
    }

    private static void stop(ProcessHandle process, Duration grace) {
        process.destroy();
        try {
            process.onExit().get(grace.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        catch (Exception notYet) {
            process.destroyForcibly();
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public Path dir() {
        return dir;
    }
}
