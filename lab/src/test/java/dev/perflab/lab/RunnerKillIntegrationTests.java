package dev.perflab.lab;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.PidFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A second run while one measures is one line naming the first; kill -9 of the runner in
 * the middle of a rung (an OOM kill, a closed terminal) leaves nothing behind: no app, no
 * wrk, no lab port held, without any later run cleaning up; and loses nothing: the rungs
 * that finished before stay readable in summary.json.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RunnerKillIntegrationTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void aSecondRunIsRefusedAndKillingTheRunnerMidRungLeavesNoChildAndKeepsTheFinishedRungs(@TempDir Path results)
            throws Exception {
        LabPorts.requireFree(LabPorts.RUNNER);
        Path out = results.resolve("runner.out");
        Path ladder = results.resolve("ladder.yml");
        Files.writeString(ladder, """
                rungs:
                  - name: baseline
                    target: backend
                  - name: reactive
                    profiles: [reactive]
                """);
        // the runner from this build's classes, so the test needs no packaged lab.jar;
        // the second rung is killed 2 s into its 10 s window, after a second run is
        // refused
        Process runner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "dev.perflab.lab.cli.LabCommand", "lab", "--scenarios",
                ladder.toString(), "--root", ROOT.toString(), "--results", results.toString(), "--duration", "10s",
                "--cpu-rate", "0", "--warmup-max", "2s", "--warmup-probe", "2s", "--threads", "1", "--connections", "2",
                "--auth-latency", "1ms", "--java-opts", "-Xmx256m -XX:TieredStopAtLevel=1")
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

            // a second run meanwhile starts nothing and names the first, its pid and
            // folder
            Path second = results.resolve("second");
            StringWriter err = new StringWriter();
            var commandLine = LabCommand.commandLine();
            commandLine.setOut(new PrintWriter(new StringWriter(), true));
            commandLine.setErr(new PrintWriter(err, true));
            assertThat(commandLine.execute("gateway-test", "--root", ROOT.toString(), "--results", second.toString(),
                    "--duration", "2s"))
                .isEqualTo(1);
            assertThat(err.toString().strip())
                .startsWith("lab: another lab run is running (pid " + runner.pid() + ", make lab, " + printedFolder(out)
                        + ")")
                .doesNotContain("\n");
            assertThat(second).doesNotExist();
            // it ran in this JVM: no process of its own, none registered as its child,
            // and the runner's own children as they were (their short-lived helpers,
            // such as the socket sampler's ss and sleep, come and go)
            // a short helper that ended a moment ago can still be listed, not yet
            // reaped, as "(?)" (CI of 6d9ffb1: "pid 539 (?)"); what the second run
            // started and left running stays
            List<String> left = ownChildren(runner);
            long reaped = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!left.isEmpty() && System.nanoTime() < reaped) {
                Thread.sleep(100);
                left = ownChildren(runner);
            }
            assertThat(left).as("the second run left no process of its own").isEmpty();
            assertThat(registered(runner)).as("the runner's registered children after the second run")
                .isSubsetOf(children.keySet());

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

            // the killed run keeps its folder, the one it printed; latest points at
            // finished runs only
            assertThat(Files.exists(results.resolve("latest"), LinkOption.NOFOLLOW_LINKS)).isFalse();
            JsonNode summary = RunFolder.JSON.readTree(printedFolder(out).resolve("summary.json").toFile());
            assertThat(summary.path("rungs")).as("the rungs in summary.json after the kill: " + summary)
                .singleElement()
                .satisfies(rung -> {
                    assertThat(rung.path("name").asString()).isEqualTo("baseline");
                    assertThat(rung.path("rps").asDouble()).isPositive();
                });
        }
        finally {
            runner.destroyForcibly();
            children.keySet().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    /** The results folder the runner printed as it started. */
    private static Path printedFolder(Path out) throws IOException {
        String printed = Files.readString(out);
        return printed.lines()
            .filter(line -> line.startsWith("Results: "))
            .map(line -> Path.of(line.substring("Results: ".length()).strip()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no Results: line in " + printed));
    }

    /**
     * Waits for the line the runner prints as the second rung's warm-up ends and its
     * measured window starts, then a little into it.
     */
    private static void awaitMeasuring(Process runner, Path out) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!secondRungMeasuring(Files.readString(out))) {
            assertThat(runner.isAlive()).as("the runner ended before measuring: " + Files.readString(out)).isTrue();
            assertThat(System.nanoTime())
                .as("the runner did not start measuring within 3 minutes: " + Files.readString(out))
                .isLessThan(deadline);
            Thread.sleep(200);
        }
        Thread.sleep(2000);
    }

    private static boolean secondRungMeasuring(String output) {
        int second = output.indexOf("[2/2]");
        return second >= 0 && output.indexOf("    warm-up: ", second) >= 0;
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

    /**
     * This JVM's processes outside the runner's tree, and those registered as this JVM's
     * children: what a second run here would have started.
     */
    private static List<String> ownChildren(Process runner) {
        List<String> own = new ArrayList<>();
        ProcessHandle.current()
            .descendants()
            .filter(child -> child.pid() != runner.pid() && !underRunner(child, runner.pid()))
            .forEach(child -> own.add("pid " + child.pid() + " (" + child.info().commandLine().orElse("?") + ")"));
        PidFiles.children()
            .read()
            .stream()
            .filter(entry -> entry.ownerPid() == ProcessHandle.current().pid())
            .forEach(entry -> own.add("registered pid " + entry.pid()));
        return own;
    }

    private static boolean underRunner(ProcessHandle child, long runnerPid) {
        for (var parent = child.parent(); parent.isPresent(); parent = parent.get().parent()) {
            if (parent.get().pid() == runnerPid) {
                return true;
            }
        }
        return false;
    }

    /** The children the runner registered in its pid files, by pid. */
    private static List<Long> registered(Process runner) {
        return PidFiles.children()
            .read()
            .stream()
            .filter(entry -> entry.ownerPid() == runner.pid())
            .map(entry -> entry.pid())
            .toList();
    }

    private static List<String> alive(Map<Long, String> children) {
        return children.entrySet()
            .stream()
            .filter(child -> ProcessHandle.of(child.getKey()).map(ProcessHandle::isAlive).orElse(false))
            .map(child -> "pid " + child.getKey() + " (" + child.getValue() + ")")
            .toList();
    }

}
