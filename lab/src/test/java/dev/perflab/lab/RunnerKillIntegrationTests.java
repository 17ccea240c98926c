package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.perflab.lab.system.PidFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * kill -9 of the runner in the middle of a rung (an OOM kill, a closed terminal) leaves
 * nothing behind: no app, no wrk, no lab port held, without any later run cleaning up.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RunnerKillIntegrationTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void killingTheRunnerMidRungLeavesNoChildAndNoPortHeld(@TempDir Path results) throws Exception {
        LabPorts.requireFree(LabPorts.RUNNER);
        Path out = results.resolve("runner.out");
        // the runner from this build's classes, so the test needs no packaged lab.jar
        Process runner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "dev.perflab.lab.cli.LabCommand", "gateway-test", "--root",
                ROOT.toString(), "--results", results.toString(), "--duration", "60s", "--warmup-max", "4s",
                "--warmup-probe", "2s", "--threads", "1", "--connections", "2", "--auth-latency", "1ms", "--java-opts",
                "-Xmx256m -XX:TieredStopAtLevel=1")
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
        Map<Long, String> children = Map.of();
        try {
            awaitMeasuring(runner, out);
            children = children(runner);
            assertThat(children.values()).as("mid-rung: the three apps and wrk run")
                .anySatisfy(command -> assertThat(command).contains("gateway.jar"))
                .anySatisfy(command -> assertThat(command).contains("auth-service.jar"))
                .anySatisfy(command -> assertThat(command).contains("business-service.jar"))
                .anySatisfy(command -> assertThat(command).contains("wrk"));

            runner.destroyForcibly();
            assertThat(runner.waitFor(10, TimeUnit.SECONDS)).isTrue();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < deadline
                    && (!alive(children).isEmpty() || !LabPorts.held(LabPorts.RUNNER).isEmpty())) {
                Thread.sleep(250);
            }
            assertThat(alive(children)).as("children of the killed runner still running, 15 s after the kill")
                .isEmpty();
            assertThat(LabPorts.held(LabPorts.RUNNER)).as("lab ports held 15 s after the kill").isEmpty();
        }
        finally {
            runner.destroyForcibly();
            children.keySet().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    /**
     * Waits for the line the runner prints as the warm-up ends and the measured window
     * starts, then a little into it.
     */
    private static void awaitMeasuring(Process runner, Path out) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.readString(out).contains("    warm-up: ")) {
            assertThat(runner.isAlive()).as("the runner ended before measuring: " + Files.readString(out)).isTrue();
            assertThat(System.nanoTime())
                .as("the runner did not start measuring within 3 minutes: " + Files.readString(out))
                .isLessThan(deadline);
            Thread.sleep(200);
        }
        Thread.sleep(2000);
    }

    /**
     * The runner's children, from its pid files and from the process tree, with their
     * command lines.
     */
    private static Map<Long, String> children(Process runner) {
        List<Long> pids = new ArrayList<>();
        PidFiles.children()
            .read()
            .stream()
            .filter(entry -> entry.ownerPid() == runner.pid())
            .forEach(entry -> pids.add(entry.pid()));
        runner.descendants().forEach(child -> pids.add(child.pid()));
        return pids.stream()
            .distinct()
            .collect(Collectors.toMap(pid -> pid,
                    pid -> ProcessHandle.of(pid).flatMap(handle -> handle.info().commandLine()).orElse("(ended)")));
    }

    private static List<String> alive(Map<Long, String> children) {
        return children.entrySet()
            .stream()
            .filter(child -> ProcessHandle.of(child.getKey()).map(ProcessHandle::isAlive).orElse(false))
            .map(child -> "pid " + child.getKey() + " (" + child.getValue() + ")")
            .toList();
    }

}
