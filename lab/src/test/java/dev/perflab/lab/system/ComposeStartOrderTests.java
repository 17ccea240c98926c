package dev.perflab.lab.system;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A compose start removes every leftover container before the first service's {@code up}:
 * Compose v1 lists the project's containers as its {@code up} begins and inspects each,
 * and fails with "No such container" when one of them is removed meanwhile (CI saw
 * auth-service's {@code up} fail that way while the runner removed the gateway's
 * leftover). The same scan fails when another service's container is being created (CI
 * saw the gateway's {@code up} fail on auth-service's new container; 4 of 75 loaded
 * starts of the three {@code up}s at once here, 0 of 85 with the scan off), so every
 * {@code up} runs with {@code COMPOSE_IGNORE_ORPHANS=true}: the runner removes leftovers
 * itself. A Docker and a Compose that write what they were asked to one log stand in for
 * the engine, whose timing decides whether the race shows.
 */
class ComposeStartOrderTests {

    @TempDir
    Path dir;

    @Test
    void everyLeftoverIsRemovedBeforeTheFirstUp() throws Exception {
        Path log = dir.resolve("calls.log");
        Path docker = script("docker", """
                echo "docker $1 $2 $3" >> %s
                if [ "$1" = ps ]; then
                  printf 'gateway\\tgateway\\tExited (1) 2 minutes ago\\t\\n'
                  printf 'auth-service\\tauth-service\\tExited (143) 2 minutes ago\\t\\n'
                  printf 'business-service\\tbusiness-service\\tExited (143) 2 minutes ago\\t\\n'
                fi
                """.formatted(log));
        // the last argument of an up is its service; it runs in the foreground until
        // stopped
        Path compose = script("compose", """
                for last; do :; done
                echo "up $last orphans-ignored=$COMPOSE_IGNORE_ORPHANS" >> %s
                exec sleep 60
                """.formatted(log));
        Compose runtime = new Compose(dir, List.of(), List.of(compose.toString()), docker.toString());
        ServiceLauncher launcher = new ServiceLauncher(dir, dir.resolve("logs"), runtime);
        List<LaunchSpec> specs = new ArrayList<>();
        for (Service service : List.of(Service.AUTH, Service.BUSINESS, Service.GATEWAY)) {
            specs.add(LaunchSpec.of(service).withPort(freePort()));
        }
        List<RunningService> started = new ArrayList<>();
        try {
            launcher.startAll(specs, started::add);
            assertThat(started).extracting(RunningService::service)
                .containsExactly(Service.AUTH, Service.BUSINESS, Service.GATEWAY);
            List<String> calls = awaitLines(log, 3, "up ");
            int firstUp = calls.indexOf(calls.stream().filter(c -> c.startsWith("up ")).findFirst().orElseThrow());
            assertThat(calls.subList(0, firstUp)).as(String.join("\n", calls))
                .contains("docker rm --force gateway", "docker rm --force auth-service",
                        "docker rm --force business-service");
            assertThat(calls.subList(firstUp, calls.size())).as(String.join("\n", calls))
                .noneMatch(c -> c.startsWith("docker "))
                .containsExactlyInAnyOrder("up auth-service orphans-ignored=true",
                        "up business-service orphans-ignored=true", "up gateway orphans-ignored=true");
        }
        finally {
            started.forEach(running -> running.child().close());
        }
    }

    private Path script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * The log's lines once {@code count} of them start with {@code prefix} (10 s at
     * most).
     */
    private static List<String> awaitLines(Path log, int count, String prefix) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            if (lines.stream().filter(l -> l.startsWith(prefix)).count() >= count) {
                return lines;
            }
            Thread.sleep(50);
        }
        return lines;
    }

}
