package dev.perflab.lab.system;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import com.sun.security.auth.module.UnixSystem;
import dev.perflab.lab.LabException;
import java.util.Collections;

/**
 * Pid files: one per process, holding its pid, start time and command, and the pid and
 * start time of the lab process that started it. Two folders hold them:
 * {@code results/up} for what {@code make up} leaves running on purpose, and
 * {@link #children()} for every child of every run while it runs. A pid is trusted only
 * while its start time and command still match, so nothing here ever stops an unrelated
 * process that later got the same pid.
 * <p>
 * The folder is private: created 0700, and used only while it is a real folder (not a
 * symbolic link) owned by this user and writable by no one else; pid files are read and
 * written without following symbolic links. {@link #children()} lives under the shared
 * temporary folder, where another user could otherwise prepare the folder or a link in it
 * and make the lab stop, or overwrite, what is not its own.
 */
public final class PidFiles {

    private static final ProcessHandle SELF = ProcessHandle.current();

    private static final long OWN_UID = new UnixSystem().getUid();

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FOLDER = PosixFilePermissions
        .asFileAttribute(OWNER_ONLY);

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FILE = PosixFilePermissions
        .asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final Path dir;

    /**
     * The folders, from the outermost, that must be private: {@link #dir} and for the
     * children its per-user parent.
     */
    private final List<Path> privateFolders;

    public PidFiles(Path dir) {
        this(dir, List.of(dir));
    }

    private PidFiles(Path dir, List<Path> privateFolders) {
        this.dir = dir;
        this.privateFolders = privateFolders;
    }

    /**
     * Where every run records its children while they run: one folder per user of the
     * machine, because the lab's ports are the machine's, whichever checkout or results
     * folder a run uses.
     */
    public static PidFiles children() {
        Path user = Path.of(System.getProperty("java.io.tmpdir"), "perflab-" + System.getProperty("user.name"));
        Path children = user.resolve("children");
        return new PidFiles(children, List.of(user, children));
    }

    /**
     * The file the runs of this user lock while they run ({@link RunLock}), in the
     * outermost private folder, which is created 0700 and checked first.
     */
    public Path lockFile() {
        return privateFolder().resolve("run.lock");
    }

    /** The outermost private folder, created 0700 and checked first. */
    Path privateFolder() {
        ensurePrivate(true);
        return privateFolders.get(0);
    }

    public record Entry(String name, long pid, long startedMillis, String command, long ownerPid,
            long ownerStartedMillis, Path file) {

        /** The app this entry is, or null for a helper process (wrk, nginx, docker). */
        public Service service() {
            return Arrays.stream(Service.values()).filter(s -> s.id().equals(name)).findFirst().orElse(null);
        }

        /**
         * The process, while it is still the one recorded: same start time, and its
         * command names the same program.
         */
        public Optional<ProcessHandle> liveProcess() {
            return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> startMillis(handle) == startedMillis)
                .filter(handle -> command.isEmpty() || handle.info()
                    .commandLine()
                    .or(() -> handle.info().command())
                    .map(live -> live.contains(program(command)))
                    .orElse(true));
        }

        /**
         * Whether the lab process that started it still runs (then it is that run's
         * child, not a leftover).
         */
        public boolean ownerAlive() {
            return alive(ownerPid, ownerStartedMillis);
        }

        @Override
        public String toString() {
            return name + " (pid " + pid + ")";
        }
    }

    /** Records a service {@code make up} leaves running. */
    public void write(RunningService running) {
        ProcessHandle process = running.process().toHandle();
        write(running.service().id() + ".pid", running.service().id(), process,
                process.info().commandLine().orElse(""));
    }

    /**
     * Records a child of this run; returns its file, or null when it cannot be written,
     * in a folder that is not private too (the record is a safety net, not a condition to
     * run; the next run's {@link #read} names the folder's problem).
     */
    Path write(String name, ProcessHandle process, String command) {
        try {
            return write(process.pid() + ".pid", name, process, command);
        }
        catch (LabException notWritten) {
            return null;
        }
    }

    private Path write(String fileName, String name, ProcessHandle process, String command) {
        Properties fields = new Properties();
        fields.setProperty("name", name);
        fields.setProperty("pid", Long.toString(process.pid()));
        fields.setProperty("started", Long.toString(startMillis(process)));
        fields.setProperty("command", command);
        fields.setProperty("owner", Long.toString(SELF.pid()));
        fields.setProperty("owner_started", Long.toString(startMillis(SELF)));
        Path file = dir.resolve(fileName);
        try {
            ensurePrivate(true);
            StringWriter text = new StringWriter();
            fields.store(text, null);
            // written whole or not at all: another run may be reading the folder.
            // CREATE_NEW never
            // follows a link; the rename replaces whatever is at the name, never what it
            // points at.
            Path partial = dir.resolve(fileName + ".partial");
            Files.deleteIfExists(partial);
            try (SeekableByteChannel out = Files.newByteChannel(partial,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    OWNER_ONLY_FILE)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            }
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        }
        catch (IOException ex) {
            throw new LabException("cannot write the pid file " + file + ": " + ex, ex);
        }
    }

    public List<Entry> read() {
        if (!ensurePrivate(false)) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".pid")).sorted().toList()) {
                if (Files.isSymbolicLink(file)) {
                    throw new LabException("pid file " + file
                            + " is a symbolic link, which the lab never writes: check what it points at, then delete it");
                }
                // NOFOLLOW_LINKS again on opening: a link put there after the check is
                // refused too
                try (Reader reader = Channels.newReader(
                        Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS),
                        StandardCharsets.UTF_8)) {
                    Properties fields = new Properties();
                    fields.load(reader);
                    entries.add(new Entry(fields.getProperty("name"), Long.parseLong(fields.getProperty("pid")),
                            Long.parseLong(fields.getProperty("started")), fields.getProperty("command", ""),
                            Long.parseLong(fields.getProperty("owner", "-1")),
                            Long.parseLong(fields.getProperty("owner_started", "-1")), file));
                }
                catch (NoSuchFileException removedMeanwhile) {
                    // its process ended and its run removed the file
                }
                catch (IOException | RuntimeException ex) {
                    throw new LabException("pid file " + file + " is unreadable (" + LabException.describe(ex)
                            + "): check the process by hand, then delete the file");
                }
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot list the pid files in " + dir + ": " + LabException.describe(ex), ex);
        }
        entries.sort(
                Comparator.comparing(entry -> entry.service() == null ? Integer.MAX_VALUE : entry.service().ordinal()));
        return entries;
    }

    /**
     * Checks every private folder, outermost first, and creates a missing one 0700 when
     * {@code create}; false when one is missing and not created. A folder that is a
     * symbolic link, belongs to another user or is writable by its group or others is
     * refused with one line: the lab never follows it and never fixes it (it may be
     * another user's doing).
     */
    private boolean ensurePrivate(boolean create) {
        for (Path folder : privateFolders) {
            if (create) {
                try {
                    Files.createDirectories(folder.getParent());
                    Files.createDirectory(folder, OWNER_ONLY_FOLDER);
                }
                catch (FileAlreadyExistsException exists) {
                    // checked below, whoever made it
                }
                catch (IOException ex) {
                    throw new LabException("cannot create the pid folder " + folder + ": " + ex, ex);
                }
            }
            PosixFileAttributes attributes;
            int owner;
            try {
                attributes = Files.readAttributes(folder, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                owner = (Integer) Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            }
            catch (NoSuchFileException missing) {
                return false;
            }
            catch (IOException | UnsupportedOperationException ex) {
                throw new LabException("cannot check the pid folder " + folder + ": " + ex, ex);
            }
            String refused = refusal(attributes, owner, OWN_UID);
            if (refused != null) {
                throw new LabException("the pid folder " + folder + " " + refused
                        + ": the lab keeps its pid files only in a private folder of its own; "
                        + "check who made it, then remove it");
            }
            if (!attributes.permissions().equals(OWNER_ONLY)) {
                try {
                    // ours and writable by us alone, as an earlier lab made it: now
                    // readable by us alone too
                    Files.setPosixFilePermissions(folder, OWNER_ONLY);
                }
                catch (IOException ex) {
                    throw new LabException("cannot make the pid folder " + folder + " private: " + ex, ex);
                }
            }
        }
        return true;
    }

    /** Why a folder with these attributes is not private, or null when it is. */
    static String refusal(PosixFileAttributes attributes, long owner, long self) {
        if (attributes.isSymbolicLink()) {
            return "is a symbolic link";
        }
        if (!attributes.isDirectory()) {
            return "is not a folder";
        }
        if (owner != self) {
            return "belongs to another user (uid " + owner + ", not " + self + ")";
        }
        Set<PosixFilePermission> permissions = attributes.permissions();
        if (permissions.contains(PosixFilePermission.GROUP_WRITE)
                || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            return "is writable by others (" + PosixFilePermissions.toString(permissions) + ")";
        }
        return null;
    }

    /** The entries whose process still runs. */
    public List<Entry> live() {
        return read().stream().filter(entry -> entry.liveProcess().isPresent()).toList();
    }

    /**
     * Stops every recorded process that is still the one we started; returns one line per
     * service.
     */
    public List<String> stopAll(Duration grace) {
        List<String> report = new ArrayList<>();
        List<Entry> entries = new ArrayList<>(read());
        Collections.reverse(entries);
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

    /** Whether the process with this pid still runs and is the one started then. */
    static boolean alive(long pid, long startedMillis) {
        return ProcessHandle.of(pid).filter(p -> p.isAlive() && startMillis(p) == startedMillis).isPresent();
    }

    /**
     * Stops the children an earlier run left behind (it was killed, or its machine's OOM
     * killer struck, before it could stop them) and returns one line naming each. A child
     * whose run still goes on is left alone; files of processes that ended are removed,
     * and so are the command outputs of runs that ended ({@link CommandOutputs}).
     */
    public List<String> stopLeftovers(Duration grace) {
        CommandOutputs.removeLeftovers(privateFolders.get(0));
        List<String> report = new ArrayList<>();
        for (Entry entry : read()) {
            if (entry.ownerAlive()) {
                continue;
            }
            Optional<ProcessHandle> process = entry.liveProcess();
            if (process.isPresent()) {
                Commands.stop(process.get(), grace);
                report.add("stopped " + entry + ", left running by an earlier lab run (pid " + entry.ownerPid()
                        + ") that ended without stopping it");
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

    /**
     * The first word of a command, without its folder: what the process's own command
     * line still shows.
     */
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
