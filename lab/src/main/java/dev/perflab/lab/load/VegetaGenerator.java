package dev.perflab.lab.load;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.StopOnExit;

/**
 * The open-model load generator: vegeta at a constant arrival rate, whatever the answers take (it
 * starts another worker, and opens another connection, rather than wait). Every latency counts from
 * the request's intended send time ({@link VegetaResults}), so a stall shows in full instead of
 * holding back the requests that would have seen it. vegeta is installed into {@code tools/} on
 * first use ({@link VegetaInstaller}); it runs as its own process, whose CPU can be sampled by pid.
 */
public final class VegetaGenerator implements LoadGenerator {

    private final Path root;
    private final Load load;
    private final PrintWriter out;
    private final List<String> placement;

    /**
     * @param root the repository, whose {@code tools/} folder holds vegeta
     * @param out where the one-time installation says what it does
     */
    public VegetaGenerator(Path root, Load load, PrintWriter out) {
        this(root, load, out, List.of());
    }

    /** @param placement what goes before the attack's command: taskset with the generator's cores, or nothing (see Placement) */
    public VegetaGenerator(Path root, Load load, PrintWriter out, List<String> placement) {
        this.root = root;
        this.load = load;
        this.out = out;
        this.placement = List.copyOf(placement);
    }

    /**
     * @param rate requests per second, sent at even intervals
     * @param maxConnections the most connections vegeta opens; 0 for no limit (the open model: a stall
     *        never holds a request back)
     * @param timeout a request without an answer by then counts as an error
     */
    public record Load(int rate, int maxConnections, Duration timeout) {

        public Load {
            if (rate < 1) {
                throw new LabException("the offered rate must be at least 1 request per second, got " + rate);
            }
            if (maxConnections < 0) {
                throw new LabException("the connection limit must be 0 (none) or more, got " + maxConnections);
            }
            if (timeout.toMillis() < 1000) {
                throw new LabException("the request timeout must be at least 1s, got " + timeout.toMillis() + " ms");
            }
        }
    }

    @Override
    public String version() {
        return "vegeta " + VegetaInstaller.VERSION;
    }

    @Override
    public String describe() {
        return "vegeta attack -rate=" + load.rate() + "/s" + (load.maxConnections() > 0 ? " -max-connections=" + load.maxConnections() : "")
                + " -timeout=" + load.timeout().toSeconds() + "s, latency from the intended send time";
    }

    @Override
    public LoadResult offer(URI url, String token, Duration duration) {
        return measure(url, token, duration).result();
    }

    /** Offers {@code load.rate()} requests per second for {@code duration}; returns the result with the rates. */
    public OpenModelResult measure(URI url, String token, Duration duration) {
        Path vegeta = VegetaInstaller.ensure(root, out);
        Path dir;
        try {
            dir = Files.createTempDirectory("perflab-vegeta");
        }
        catch (IOException ex) {
            throw new LabException("cannot create a folder for vegeta's results: " + ex.getMessage(), ex);
        }
        try {
            Path results = dir.resolve("results.bin");
            attack(vegeta, url, token, duration, results, dir.resolve("attack.err"));
            String report = run(List.of(vegeta.toString(), "report", "-type=text", results.toString()), dir.resolve("report.err"));
            String summary = run(List.of(vegeta.toString(), "report", "-type=json", results.toString()), dir.resolve("report.err")).strip();
            VegetaResults.Parsed parsed = encodeAndParse(vegeta, results, dir.resolve("encode.err"));
            LoadResult result = new LoadResult(parsed.requests(), parsed.scheduleMicros(), parsed.errors(), parsed.latency(), parsed.histogram(),
                    report, summary);
            return new OpenModelResult(result, load.rate(), parsed.sentRps(), parsed.achievedRps(), parsed.maxLatenessMicros());
        }
        finally {
            delete(dir);
        }
    }

    /** The command of the attack; the target, with its bearer token, goes to vegeta's standard input. */
    List<String> attackCommand(Path vegeta, Duration duration, Path results) {
        List<String> command = new ArrayList<>(placement);
        command.addAll(List.of(vegeta.toString(), "attack", "-rate=" + load.rate() + "/1s",
                "-duration=" + duration.toMillis() + "ms", "-timeout=" + load.timeout().toMillis() + "ms", "-max-body=0",
                "-output=" + results));
        if (load.maxConnections() > 0) {
            command.add("-max-connections=" + load.maxConnections());
        }
        return command;
    }

    /** vegeta's HTTP target format: the request line, then its headers; the header line ("Name: value") as wrk/summary.lua sends it. */
    static String target(URI url, String header) {
        return "GET " + url + "\n" + (header == null || header.isEmpty() ? "" : header + "\n") + "\n";
    }

    private void attack(Path vegeta, URI url, String token, Duration duration, Path results, Path errors) {
        ProcessBuilder builder = new ProcessBuilder(attackCommand(vegeta, duration, results)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(errors.toFile());
        Process process = start(builder);
        try (StopOnExit onExit = StopOnExit.register("vegeta", process::destroy)) {
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write(target(url, token).getBytes(StandardCharsets.UTF_8));
            }
            int exit = process.waitFor();
            if (exit != 0) {
                throw new LabException("vegeta attack exited with " + exit + ": " + lastLine(errors));
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot give vegeta its target: " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while vegeta ran");
        }
        finally {
            process.destroy();
        }
    }

    private VegetaResults.Parsed encodeAndParse(Path vegeta, Path results, Path errors) {
        ProcessBuilder builder = new ProcessBuilder(vegeta.toString(), "encode", "-to=json", results.toString()).redirectError(errors.toFile());
        Process process = start(builder);
        try {
            VegetaResults.Parsed parsed = VegetaResults.parse(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8), load.rate());
            if (process.waitFor() != 0) {
                throw new LabException("vegeta encode failed: " + lastLine(errors));
            }
            return parsed;
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while reading vegeta's results");
        }
        finally {
            process.destroy();
        }
    }

    private static String run(List<String> command, Path errors) {
        Process process = start(new ProcessBuilder(command).redirectError(errors.toFile()));
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new LabException("vegeta " + command.get(1) + " failed: " + lastLine(errors));
            }
            return output;
        }
        catch (IOException ex) {
            throw new LabException("lost vegeta's output: " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while vegeta ran");
        }
        finally {
            process.destroy();
        }
    }

    private static Process start(ProcessBuilder builder) {
        try {
            return builder.start();
        }
        catch (IOException ex) {
            throw new LabException("cannot start vegeta: " + ex.getMessage(), ex);
        }
    }

    private static String lastLine(Path file) {
        try {
            return Files.readString(file).strip().lines().reduce((a, b) -> b).orElse("(no output)");
        }
        catch (IOException ex) {
            return "(no output)";
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
