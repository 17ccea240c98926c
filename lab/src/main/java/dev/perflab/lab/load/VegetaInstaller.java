package dev.perflab.lab.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;

/**
 * Puts vegeta, the open-model load generator, into the repository's git-ignored {@code tools/}
 * folder on first use: {@code go install} of a pinned version from the Go module proxy (about 40 s
 * on 2 cores). The version is part of the folder, so pinning another one installs that one.
 * A setup step calls {@link #main}: {@code java -cp lab/target/lab.jar dev.perflab.lab.load.VegetaInstaller .}
 */
public final class VegetaInstaller {

    public static final String MODULE = "github.com/tsenart/vegeta/v12";
    public static final String VERSION = "12.13.0";
    /** The oldest Go that fetches the toolchain vegeta's go.mod asks for (go 1.22) by itself. */
    static final int GO_MINOR_MIN = 21;

    private VegetaInstaller() {
    }

    public static Path binary(Path root) {
        return root.toAbsolutePath().normalize().resolve("tools").resolve("vegeta-" + VERSION).resolve("vegeta");
    }

    /** The installed binary, installing it first when it is missing. */
    public static synchronized Path ensure(Path root, PrintWriter out) {
        Path binary = binary(root);
        if (Files.isExecutable(binary)) {
            return binary;
        }
        String go = findGo().orElseThrow(() -> new LabException(missingGo("there is no Go toolchain on PATH")));
        int minor = goMinor(go);
        if (minor < GO_MINOR_MIN) {
            throw new LabException(missingGo("Go 1." + minor + " is too old"));
        }
        out.println("  installing vegeta " + VERSION + " into " + binary.getParent() + " (go install, about a minute)");
        out.flush();
        ProcessBuilder builder = new ProcessBuilder(go, "install", MODULE + "@v" + VERSION).redirectErrorStream(true);
        builder.environment().put("GOBIN", binary.getParent().toString());
        String output = run(builder, "go install " + MODULE);
        if (!Files.isExecutable(binary)) {
            throw new LabException("go install " + MODULE + "@v" + VERSION + " did not produce " + binary + ": "
                    + output.strip().lines().reduce((a, b) -> b).orElse("(no output)"));
        }
        return binary;
    }

    static String missingGo(String why) {
        return "vegeta " + VERSION + " (the open-model load generator) is not installed and " + why
                + " to build it: install Go 1." + GO_MINOR_MIN + " or newer (https://go.dev/dl; Debian 12's golang-go is 1.19) and run again";
    }

    private static Optional<String> findGo() {
        for (String candidate : List.of("go", "/usr/local/go/bin/go")) {
            try {
                Process process = new ProcessBuilder(candidate, "version").redirectErrorStream(true).start();
                process.getInputStream().readAllBytes();
                if (process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0) {
                    return Optional.of(candidate);
                }
            }
            catch (IOException ex) {
                // not this one
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted while looking for Go");
            }
        }
        return Optional.empty();
    }

    /** The minor version of {@code go env GOVERSION}, e.g. 26 for "go1.26.8". */
    private static int goMinor(String go) {
        String version = run(new ProcessBuilder(go, "env", "GOVERSION").redirectErrorStream(true), "go env").strip();
        return parseGoMinor(version);
    }

    static int parseGoMinor(String goVersion) {
        String[] parts = goVersion.replaceFirst("^go", "").split("[.\\-+ ]");
        try {
            return parts.length > 1 && parts[0].equals("1") ? Integer.parseInt(parts[1]) : 0;
        }
        catch (NumberFormatException ex) {
            return 0;
        }
    }

    private static String run(ProcessBuilder builder, String what) {
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new LabException(what + " failed: " + output.strip().lines().reduce((a, b) -> b).orElse("(no output)"));
            }
            return output;
        }
        catch (IOException ex) {
            throw new LabException("cannot run " + what + ": " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted during " + what);
        }
    }

    /** Installs vegeta for the repository at {@code args[0]} (default: the current folder); one line and exit 1 when it cannot. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        try {
            Path binary = ensure(Path.of(args.length > 0 ? args[0] : "."), out);
            out.println("vegeta " + VERSION + ": " + binary);
        }
        catch (LabException ex) {
            System.err.println(ex.getMessage());
            System.exit(1);
        }
    }
}
