package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fake machine lab/setup.sh's tests run it on: PATH holds only stub commands (uname,
 * id, sudo, apt-get, dnf, brew, ...) that record how they were called, and a package
 * manager's stub "installs" a tool by adding its stub.
 */
abstract class SetupScriptFixture {

    static final Path SCRIPT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .resolve("lab/setup.sh");

    static final String RECORD = "echo \"${0##*/} $*\" >> \"${0%/*}/../calls\"\n";

    /** A package manager's stub "installs" a tool by adding its stub next to itself. */
    static final String ADD_TOOLS = """
            for arg in "$@"; do
              case "$arg" in wrk|nginx|chromium) printf '#!/bin/sh\\n' > "${0%/*}/$arg"; /bin/chmod +x "${0%/*}/$arg" ;; esac
              case "$arg" in fonts-wqy-zenhei|wqy-zenhei-fonts) printf '#!/bin/sh\\necho "WenQuanYi Zen Hei"\\n' > "${0%/*}/fc-list"; /bin/chmod +x "${0%/*}/fc-list" ;; esac
            done
            """;

    static final String INSTALL = RECORD + ADD_TOOLS;

    @TempDir
    Path machine;

    Path bin;

    record Outcome(int exit, String output, List<String> calls) {
    }

    @BeforeEach
    void emptyMachine() throws IOException {
        bin = Files.createDirectory(machine.resolve("bin"));
        Path mkdir = Stream.of("/bin/mkdir", "/usr/bin/mkdir")
            .map(Path::of)
            .filter(Files::isExecutable)
            .findFirst()
            .orElseThrow();
        stub("mkdir", "exec " + mkdir + " \"$@\"\n");
        stub("sh", RECORD);
        stub("rm", RECORD);
    }

    void stub(String name, String body) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    void linux(int uid) throws IOException {
        stub("uname", "echo Linux\n");
        stub("id", "echo " + uid + "\n");
    }

    void debianAsRoot() throws IOException {
        linux(0);
        stub("apt-get", INSTALL);
    }

    void macWithBrew() throws IOException {
        stub("uname", "echo Darwin\n");
        stub("brew", INSTALL);
    }

    void passwordlessSudo() throws IOException {
        stub("sudo", RECORD + """
                [[ $1 == -n ]] && shift
                while [[ $1 == *=* ]]; do export "$1"; shift; done
                "$@"
                """);
    }

    Outcome run(String... tools) throws IOException {
        return run(Map.of(), tools);
    }

    Outcome run(Map<String, String> env, String... tools) throws IOException {
        List<String> command = Stream.concat(Stream.of("/bin/bash", SCRIPT.toString()), Stream.of(tools)).toList();
        Map<String, String> environment = new java.util.HashMap<>(Map.of("PATH", bin.toString(), "SETUP", "yes"));
        environment.putAll(env);
        Commands.Result result = Commands.run(command, machine, environment, Duration.ofSeconds(30));
        Path calls = machine.resolve("calls");
        return new Outcome(result.exit(), result.output(), Files.exists(calls) ? Files.readAllLines(calls) : List.of());
    }

    String note(String tool) throws IOException {
        return Files.readString(machine.resolve("lab/target/setup").resolve(tool)).strip();
    }

}
