package dev.perflab.lab.system;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short command (docker, compose, jcmd) to its end, within a time limit, and keeps what it
 * printed. The output goes through a temporary file, so a command that hangs cannot block the read.
 */
public final class Commands {

    /** How a command ended: its exit code, or {@link #NOT_RUN} or {@link #TIMED_OUT}; and its output (stderr included). */
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

    /** Runs {@code command} in {@code dir} (null: the current folder); a command that cannot start is NOT_RUN, with the reason as output. */
    public static Result run(List<String> command, Path dir, Duration limit) {
        return run(command, dir, Map.of(), limit);
    }

    /** The same, with variables added to the environment. */
    public static Result run(List<String> command, Path dir, Map<String, String> env, Duration limit) {
        Path output = null;
        try {
            output = Files.createTempFile("perflab-command", ".out");
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir == null ? null : dir.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Result(Result.TIMED_OUT, read(output));
            }
            return new Result(process.exitValue(), read(output));
        }
        catch (IOException ex) {
            return new Result(Result.NOT_RUN, String.valueOf(ex.getMessage()));
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return new Result(Result.NOT_RUN, "interrupted");
        }
        finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                }
                catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    private static String read(Path output) throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }
}
