package dev.perflab.lab.system;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/**
 * Every child process the lab starts or asks (the apps, wrk, vegeta and its agents, go,
 * ssh, nginx, docker, compose, jcmd, git, chromium) starts here, so each one
 * <ul>
 * <li>writes its output to a file, never to a pipe the lab reads to the end, so a time
 * limit applies and a chatty child cannot block on a full pipe;</li>
 * <li>is stopped by an exit hook on Ctrl-C or SIGTERM while it runs;</li>
 * <li>dies with the runner even on kill -9: started under {@code setpriv --pdeathsig}
 * where util-linux has it (Linux), which asks the kernel to signal the child when the
 * thread that started it ends, so children are started from threads that outlive
 * them;</li>
 * <li>is recorded in a pid file while it runs ({@link PidFiles#children()}), so the next
 * run can stop what a runner that could not clean up left behind.</li>
 * </ul>
 */
public final class Commands {

    private static final Optional<String> SETPRIV = onPath("setpriv");

    /**
     * How a command ended: its exit code, or {@link #NOT_RUN} or {@link #TIMED_OUT}; and
     * its output (stderr included).
     */
    public record Result(int exit, String output) {

        public static final int NOT_RUN = -1;

        public static final int TIMED_OUT = -2;

        public boolean ok() {
            return exit == 0;
        }

        public String firstLine() {
            return output.lines().findFirst().orElse("").trim();
        }

        public String lastLine() {
            return output.lines().filter(line -> !line.isBlank()).reduce((a, b) -> b).orElse("no output").trim();
        }
    }

    private Commands() {
    }

    /**
     * Runs {@code command} in {@code dir} (null: the current folder); a command that
     * cannot start is NOT_RUN, with the reason as output.
     */
    public static Result run(List<String> command, Path dir, Duration limit) {
        return run(command, dir, Map.of(), limit);
    }

    /**
     * Runs {@code command} and returns its output, or throws one line naming
     * {@code what}: it could not start, did not end within {@code limit}, or failed (its
     * last line).
     */
    public static String require(List<String> command, Map<String, String> env, Duration limit, String what) {
        Result result = run(command, null, env, limit);
        if (result.exit() == Result.NOT_RUN) {
            throw new LabException("cannot run " + what + ": " + result.output());
        }
        if (result.exit() == Result.TIMED_OUT) {
            throw new LabException(what + " did not end within " + limit.toMinutes() + " min");
        }
        if (!result.ok()) {
            throw new LabException(what + " failed: " + result.lastLine());
        }
        return result.output();
    }

    /** The same, with variables added to the environment (a null value unsets one). */
    public static Result run(List<String> command, Path dir, Map<String, String> env, Duration limit) {
        Path output = null;
        try {
            output = CommandOutputs.create();
            Child child = launch(Path.of(command.get(0)).getFileName().toString(), command).dir(dir)
                .env(env)
                .output(output)
                .start();
            try {
                boolean ended = child.process().waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
                child.stop(Duration.ZERO);
                return new Result(ended ? child.process().exitValue() : Result.TIMED_OUT, read(output));
            }
            finally {
                child.stop(Duration.ZERO);
            }
        }
        catch (IOException | LabException ex) {
            return new Result(Result.NOT_RUN, String.valueOf(ex.getMessage()));
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return new Result(Result.NOT_RUN, "interrupted");
        }
        finally {
            CommandOutputs.delete(output);
        }
    }

    /**
     * A child that runs while the lab does something else: describe it, then
     * {@link Launch#start()}.
     */
    public static Launch launch(String name, List<String> command) {
        return new Launch(name, command);
    }

    /**
     * What to start and how. Output goes to a file ({@link #output}) or, for a reader of
     * its own, a pipe ({@link #pipe}).
     */
    public static final class Launch {

        private final String name;

        private final List<String> command;

        private final Map<String, String> env = new LinkedHashMap<>();

        private final List<String> unset = new ArrayList<>();

        private Path dir;

        private Path output;

        private Path errors;

        private Path input;

        private String deathSignal = "KILL";

        private boolean inputOpen;

        private Launch(String name, List<String> command) {
            this.name = name;
            this.command = List.copyOf(command);
        }

        public Launch dir(Path value) {
            dir = value;
            return this;
        }

        /** Variables to set; a null value unsets one (Map.of has none). */
        public Launch env(Map<String, String> values) {
            env.putAll(values);
            return this;
        }

        public Launch env(String variable, String value) {
            env.put(variable, value);
            return this;
        }

        public Launch unsetEnv(String variable) {
            unset.add(variable);
            return this;
        }

        /** stdout and stderr, together, into this file (created or truncated). */
        public Launch output(Path file) {
            output = file;
            return this;
        }

        /**
         * stderr into a file of its own (created or truncated), for a child whose stdout
         * is data (vegeta's binary results through ssh); without it stderr goes with
         * stdout.
         */
        public Launch errors(Path file) {
            errors = file;
            return this;
        }

        /** stdin from this file (vegeta's target); without it stdin is /dev/null. */
        public Launch input(Path file) {
            input = file;
            return this;
        }

        /** stdin a pipe held open, at whose end (EOF) the child sees the runner end. */
        public Launch keepInputOpen() {
            inputOpen = true;
            return this;
        }

        /**
         * stdout and stderr, together, as a pipe the caller reads as the child writes.
         */
        public Launch pipe() {
            output = null;
            return this;
        }

        /**
         * The signal the child gets when the runner dies: KILL (default), or TERM for a
         * child that must stop its own children (nginx's master stops its workers on
         * TERM; a KILLed master leaves them serving).
         */
        public Launch onRunnerDeath(String signal) {
            deathSignal = signal;
            return this;
        }

        /** The lab's JVMs watch the runner themselves (LAB_PARENT_PID): no setpriv. */
        Launch watchesRunnerItself() {
            deathSignal = null;
            return this;
        }

        public Child start() {
            Path program = resolve(command.get(0));
            List<String> args = new ArrayList<>();
            if (deathSignal != null && SETPRIV.isPresent()) {
                args.addAll(List.of(SETPRIV.get(), "--pdeathsig", deathSignal, "--"));
            }
            args.add(program.toString());
            args.addAll(command.subList(1, command.size()));
            ProcessBuilder builder = new ProcessBuilder(args).directory(dir == null ? null : dir.toFile())
                .redirectInput(inputOpen ? ProcessBuilder.Redirect.PIPE
                        : ProcessBuilder.Redirect.from(input == null ? new File("/dev/null") : input.toFile()));
            if (errors != null) {
                builder.redirectError(errors.toFile());
            }
            else {
                builder.redirectErrorStream(true);
            }
            if (output != null) {
                builder.redirectOutput(output.toFile());
            }
            unset.forEach(builder.environment()::remove);
            env.forEach((variable, value) -> builder.environment().compute(variable, (name, old) -> value));
            Process process;
            try {
                process = builder.start();
            }
            catch (IOException ex) {
                throw new LabException(
                        "cannot start " + name + " (" + String.join(" ", command) + "): " + ex.getMessage(), ex);
            }
            return new Child(name, process, String.join(" ", command));
        }

    }

    /**
     * A started child: stop it with {@link #stop} or {@link #close}, or {@link #detach}
     * it to leave it running.
     */
    public static final class Child implements AutoCloseable {

        static final Duration GRACE = Duration.ofSeconds(10);

        private final String name;

        private final Process process;

        private final StopOnExit onExit;

        private final Path pidFile;

        private Child(String name, Process process, String command) {
            this.name = name;
            this.process = process;
            this.pidFile = PidFiles.children().write(name, process.toHandle(), command);
            try {
                this.onExit = StopOnExit.register(name, () -> Commands.stop(process.toHandle(), GRACE));
            }
            catch (LabException shuttingDown) {
                PidFiles.delete(pidFile);
                throw shuttingDown;
            }
        }

        public String name() {
            return name;
        }

        public Process process() {
            return process;
        }

        public long pid() {
            return process.pid();
        }

        /**
         * SIGTERM, then SIGKILL after {@code grace}; any process it started and left
         * behind is killed too.
         */
        public void stop(Duration grace) {
            Commands.stop(process.toHandle(), grace);
            forget();
        }

        /**
         * Leaves the child running after the runner ends ({@code make up}): no exit hook,
         * no pid file of the run.
         */
        public void detach() {
            forget();
        }

        private void forget() {
            onExit.close();
            PidFiles.delete(pidFile);
        }

        @Override
        public void close() {
            stop(GRACE);
        }

    }

    /**
     * Stops a process this lab started, and what it started: SIGTERM, then SIGKILL after
     * the grace period.
     */
    public static void stop(ProcessHandle process, Duration grace) {
        List<ProcessHandle> descendants = process.descendants().toList();
        if (process.isAlive()) {
            process.destroy();
            if (!exited(process, grace)) {
                process.destroyForcibly();
                exited(process, Child.GRACE);
            }
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static boolean exited(ProcessHandle process, Duration limit) {
        try {
            process.onExit().get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return false;
        }
        catch (Exception notYet) {
            return !process.isAlive();
        }
    }

    /**
     * The program as a path, looked up on PATH as a shell would; a missing one fails
     * here, not inside setpriv.
     */
    private static Path resolve(String program) {
        if (program.contains(File.separator)) {
            Path path = Path.of(program);
            if (Files.isExecutable(path)) {
                return path;
            }
            throw new LabException("Cannot run program \"" + program + "\": not found or not executable");
        }
        return onPath(program).map(Path::of)
            .orElseThrow(() -> new LabException("Cannot run program \"" + program + "\": not found on PATH"));
    }

    private static Optional<String> onPath(String program) {
        String path = System.getenv("PATH");
        return path == null ? Optional.empty()
                : Stream.of(path.split(File.pathSeparator))
                    .filter(dir -> !dir.isEmpty())
                    .map(dir -> Path.of(dir, program))
                    .filter(Files::isExecutable)
                    .map(Path::toString)
                    .findFirst();
    }

    private static String read(Path output) throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

}
