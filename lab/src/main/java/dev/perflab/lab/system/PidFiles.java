package dev.perflab.lab.system;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/**
 * Pid files: one per process, holding its pid, start time and command, and the pid and start time
 * of the lab process that started it. Two folders hold them: {@code results/up} for what
 * {@code make up} leaves running on purpose, and {@link #children()} for every child of every run
 * while it runs. A pid is trusted only while its start time and command still match, so nothing
 * here ever stops an unrelated process that later got the same pid.
 */
public final class PidFiles {

    private static final ProcessHandle SELF = ProcessHandle.current();

    private final Path dir;

    public PidFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * Where every run records its children while they run: one folder per user of the machine,
     * because the lab's ports are the machine's, whichever checkout or results folder a run uses.
     */
    public static PidFiles children() {
        return new PidFiles(Path.of(System.getProperty("java.io.tmpdir"), "perflab-" + System.getProperty("user.name"), "children"));
    }

    public record Entry(String name, long pid, long startedMillis, String command, long ownerPid, long ownerStartedMillis, Path file) {

        /** The app this entry is, or null for a helper process (wrk, nginx, docker). */
        public Service service() {
            return Arrays.stream(Service.values()).filter(s -> s.id().equals(name)).findFirst().orElse(null);
        }

        /** The process, while it is still the one recorded: same start time, and its command names the same program. */
        public Optional<ProcessHandle> liveProcess() {
            return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> startMillis(handle) == startedMillis)
                .filter(handle -> command.isEmpty() || handle.info().commandLine().or(() -> handle.info().command())
                    .map(live -> live.contains(program(command))).orElse(true));
        }

        /** Whether the lab process that started it still runs (then it is that run's child, not a leftover). */
        public boolean ownerAlive() {
            return ProcessHandle.of(ownerPid).filter(ProcessHandle::isAlive).filter(owner -> startMillis(owner) == ownerStartedMillis).isPresent();
        }

        @Override
        public String toString() {
            return name + " (pid " + pid + ")";
        }
    }

    /** Records a service {@code make up} leaves running. */
    public void write(RunningService running) {
        ProcessHandle process = running.process().toHandle();
        Path file = write(running.service().id() + ".pid", running.service().id(), process, process.info().commandLine().orElse(""));
        if (file == null) {
            throw new LabException("cannot write the pid file " + dir.resolve(running.service().id() + ".pid"));
        }
    }

    /** Records a child of this run; returns its file, or null when it cannot be written (the record is a safety net, not a condition to run). */
    Path write(String name, ProcessHandle process, String command) {
        return write(process.pid() + ".pid", name, process, command);
    }

    private Path write(String fileName, String name, ProcessHandle process, String command) {
        Properties fields = new Properties();
        fields.setProperty("name", name);
        fields.setProperty("pid", Long.toString(process.pid()));
        fields.setProperty("started", Long.toString(startMillis(process)));
        fields.setProperty("command", command);
        fields.setProperty("owner", Long.toString(SELF.pid()));
        fields.setProperty("owner_started", Long.toString(startMillis(SELF)));
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(fileName);
            StringWriter text = new StringWriter();
            fields.store(text, null);
            // written whole or not at all: another run may be reading the folder
            Path partial = Files.writeString(dir.resolve(fileName + ".partial"), text.toString());
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        }
        catch (IOException ex) {
            return null;
        }
    }

    public List<Entry> read() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".pid")).sorted().toList()) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    Properties fields = new Properties();
                    fields.load(reader);
                    entries.add(new Entry(fields.getProperty("name"), Long.parseLong(fields.getProperty("pid")),
                            Long.parseLong(fields.getProperty("started")), fields.getProperty("command", ""),
                            Long.parseLong(fields.getProperty("owner", "-1")), Long.parseLong(fields.getProperty("owner_started", "-1")), file));
                }
                catch (NoSuchFileException removedMeanwhile) {
                    // its process ended and its run removed the file
                }
                catch (IOException | RuntimeException ex) {
                    throw new LabException("pid file " + file + " is unreadable (" + ex.getMessage() + "): check the process by hand, then delete the file");
                }
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot list the pid files in " + dir + ": " + ex.getMessage(), ex);
        }
        entries.sort(Comparator.comparing(entry -> entry.service() == null ? Integer.MAX_VALUE : entry.service().ordinal()));
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
                Commands.stop(process.get(), grace);
                report.add("stopped " + entry);
            }
            else {
                report.add(entry + " was no longer running");
            }
            delete(entry.file());
        }
        return report;
    }

    /**
     * Stops the children an earlier run left behind (it was killed, or its machine's OOM killer
     * struck, before it could stop them) and returns one line naming each. A child whose run still
     * goes on is left alone; files of processes that ended are removed.
     */
    public List<String> stopLeftovers(Duration grace) {
        List<String> report = new ArrayList<>();
        for (Entry entry : read()) {
            if (entry.ownerAlive()) {
                continue;
            }
            Optional<ProcessHandle> process = entry.liveProcess();
            if (process.isPresent()) {
                Commands.stop(process.get(), grace);
                report.add("stopped " + entry + ", left running by an earlier lab run (pid " + entry.ownerPid() + ") that ended without stopping it");
            }
            delete(entry.file());
        }
        return report;
    }

    static void delete(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The first word of a command, without its folder: what the process's own command line still shows. */
    static String program(String command) {
        String first = command.strip().split("\\s+")[0];
        return first.substring(first.lastIndexOf('/') + 1);
    }

    private static long startMillis(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    }

    public Path dir() {
        return dir;
    }
}
