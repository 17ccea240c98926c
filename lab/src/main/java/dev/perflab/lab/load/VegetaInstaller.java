package dev.perflab.lab.load;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;

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
    /** go install downloads the module and its dependencies, then builds: minutes on a slow line. */
    static final Duration INSTALL_LIMIT = Duration.ofMinutes(15);
    static final Duration GO_LIMIT = Duration.ofSeconds(30);

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
        String output = run(List.of(go, "install", MODULE + "@v" + VERSION), Map.of("GOBIN", binary.getParent().toString()), INSTALL_LIMIT,
                "go install " + MODULE);
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
            if (Commands.run(List.of(candidate, "version"), null, GO_LIMIT).ok()) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The minor version of {@code go env GOVERSION}, e.g. 26 for "go1.26.8". */
    private static int goMinor(String go) {
        String version = run(List.of(go, "env", "GOVERSION"), Map.of(), GO_LIMIT, "go env").strip();
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

    private static String run(List<String> command, Map<String, String> env, Duration limit, String what) {
        Commands.Result result = Commands.run(command, null, env, limit);
        if (result.exit() == Commands.Result.NOT_RUN) {
            throw new LabException("cannot run " + what + ": " + result.output());
        }
        if (result.exit() == Commands.Result.TIMED_OUT) {
            throw new LabException(what + " did not end within " + limit.toMinutes() + " min");
        }
        if (!result.ok()) {
            throw new LabException(what + " failed: " + result.lastLine());
        }
        return result.output();
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
