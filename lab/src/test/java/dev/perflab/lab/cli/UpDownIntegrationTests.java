package dev.perflab.lab.cli;

import dev.perflab.lab.LabPorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.Ports;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code make up} and {@code make down} through the real command line, on the lab's own
 * ports.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UpDownIntegrationTests {

    private static final String JVM = "-Xmx256m -XX:TieredStopAtLevel=1";

    private final String root = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize().toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @BeforeEach
    void labPortsAreFree() {
        LabPorts.requireFree(LabPorts.RUNNER);
    }

    @Test
    void upShowsARequestGoingThroughAndDownStopsExactlyWhatUpStarted() {
        // AUTH_CLIENT picks the gateway's auth client ahead of PROFILES, as in make
        // gateway-test
        assertThat(run("up", "--auth-latency", "0", "--auth-client", "blocking", "--profiles", "log-quiet"))
            .as(err.toString())
            .isZero();
        assertThat(out.toString()).contains("(profiles: blocking,log-quiet)")
            .contains("\"auth_client\":\"blocking\"")
            .contains("->  200 Hello World!")
            .contains("(no token)  ->  401 missing token");
        List<PidFiles.Entry> started = new PidFiles(results.resolve("up")).live();
        assertThat(started).extracting(PidFiles.Entry::service).containsExactlyInAnyOrder(Service.values());

        assertThat(run("up")).isEqualTo(1);
        assertThat(err.toString()).contains("lab: the lab is already up").contains("run make down first");

        assertThat(run("down")).isZero();
        assertThat(out.toString()).contains("stopped gateway (pid")
            .contains("stopped auth-service")
            .contains("stopped business-service");
        for (PidFiles.Entry entry : started) {
            assertThat(ProcessHandle.of(entry.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        }
        assertThat(Stream.of(Service.values()).allMatch(s -> Ports.free(s.defaultPort()))).isTrue();

        assertThat(run("down")).isZero();
        assertThat(out.toString()).contains("Nothing to stop");
    }

    @Test
    void failedUpSaysWhyAndLeavesNothingRunning() throws IOException {
        // two request logs: a combination only the gateway refuses, at its start
        assertThat(run("up", "--profiles", "log-quiet,log-sync")).isEqualTo(1);
        assertThat(err.toString()).startsWith("lab: gateway exited during start-up").contains("exclude each other");
        assertThat(new PidFiles(results.resolve("up")).read()).isEmpty();
        assertThat(Stream.of(Service.values()).allMatch(s -> Ports.free(s.defaultPort()))).isTrue();
        assertThat(Files.readString(results.resolve("up/gateway.log")))
            .contains("gateway: profiles log-quiet and log-sync");
    }

    @Test
    void badOptionValueIsAUsageError() {
        assertThat(run("up", "--health-timeout", "abc")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--health-timeout'");
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine commandLine = LabCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] full = Stream.concat(Stream.of(args[0], "--results", results.toString()),
                Stream.concat(args[0].equals("up") ? Stream.of("--root", root, "--java-opts", JVM) : Stream.empty(),
                        Stream.of(args).skip(1)))
            .toArray(String[]::new);
        return commandLine.execute(full);
    }

}
