package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The knobs as a user sets them: one readable line for a bad value, defaults from the
 * environment.
 */
class KnobsTests {

    @TempDir
    Path results;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = LabCommand.commandLine();
        command.setErr(new PrintWriter(err, true));
        command.setOut(new PrintWriter(new StringWriter(), true));
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.add("--results");
        all.add(results.toString());
        return command.execute(all.toArray(String[]::new));
    }

    @Test
    void anUnknownAuthClientIsRefusedWithTheValidOnes() {
        assertThat(run("gateway-test", "--auth-client", "webflux")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .contains("--auth-client")
            .contains("webflux")
            .contains("[BLOCKING, OFFLOADED, REACTIVE, VIRTUAL] (case-insensitive)");
    }

    @Test
    void profilesForATargetWhoseRungsSetTheirOwnIsOneLineBeforeAnythingStarts() {
        for (String target : List.of("lab", "sweep", "capacity")) {
            err.getBuffer().setLength(0);
            assertThat(run(target, "--profiles", "log-quiet")).as(target).isNotZero();
            assertThat(err.toString().strip()).hasLineCount(1)
                .isEqualTo("lab: GATEWAY_PROFILES=log-quiet does not apply to make " + target
                        + ": its rungs set the gateway's profiles themselves (lab/scenarios.yml); "
                        + "GATEWAY_PROFILES is for make gateway-test, profile and up, and for your own gateway (GATEWAY_JAR)");
        }
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void authClientIgnoresCase() {
        CommandLine command = LabCommand.commandLine();
        CommandLine.ParseResult parsed = command.parseArgs("gateway-test", "--auth-client", "BLOCKING");
        RunCommands.GatewayTest test = parsed.subcommand().commandSpec().commandLine().getCommand();
        assertThat(test.authClient.authClient.tag()).isEqualTo("blocking");
    }

    @Test
    void aZeroTimeoutOrWarmUpCapIsRefusedBeforeAnythingStarts() {
        assertThat(run("baseline", "--timeout", "0s")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1).startsWith("lab: TIMEOUT must be at least 1s");
        err.getBuffer().setLength(0);
        assertThat(run("baseline", "--warmup-max", "0s")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: WARMUP must be at least one warm-up probe (WARMUP_PROBE=5s)");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void aNegativeAuthLatencyIsOneSentenceBeforeAnythingStarts() {
        assertThat(run("gateway-test", "--auth-latency", "-5ms")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .isEqualTo(
                    "lab: AUTH_LATENCY: latency '-5ms' is not a duration: use e.g. 0, 250us, 1ms, 1.5ms or a range such as 0.5ms-2ms");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void aBadCpuRateIsOneLineBeforeAnythingStarts() {
        assertThat(run("lab", "--cpu-rate", "fast")).isNotZero();
        assertThat(err.toString().strip())
            .isEqualTo("lab: RATE must be 0 (off) or a rate in requests per second, e.g. 800, got 'fast'");
        err.getBuffer().setLength(0);
        assertThat(run("gateway-test", "--cpu-rate", "-1")).isNotZero();
        assertThat(err.toString().strip()).startsWith("lab: RATE must be 0 (off)");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void valuesNoRunHereCanMeanAreOneLineEachBeforeAnythingStarts() {
        Map<List<String>, String> bad = new java.util.LinkedHashMap<>();
        bad.put(List.of("baseline", "--duration", "999999h"),
                "lab: Invalid value for option '--duration': '999999h' is longer than the lab takes: at most 24h");
        // more hours than a Duration holds was an ArithmeticException, more digits than a
        // long a NumberFormatException (issue 37)
        bad.put(List.of("pair", "--duration", "9999999999999999h"),
                "lab: Invalid value for option '--duration': '9999999999999999h' is longer than the lab takes");
        bad.put(List.of("pair", "--timeout", "99999999999999999999999"),
                "lab: Invalid value for option '--timeout': '99999999999999999999999' is longer than the lab takes");
        bad.put(List.of("pair", "--warmup", "25h"), "lab: Invalid value for option '--warmup': '25h' is longer");
        bad.put(List.of("gateway-test", "--health-timeout", "90000"),
                "lab: Invalid value for option '--health-timeout': '90000' is longer");
        // a line break in the header became a second vegeta target and a raw LF in wrk's
        // request
        bad.put(List.of("gateway-test", "--token-header", "X: a\n\nGET http://other"),
                "lab: TOKEN_HEADER must be one header line without control characters");
        bad.put(List.of("pair", "--a-gateway", "reactive", "--b-gateway", "reactive", "--a-java-opts", "-Dx=\"a b\""),
                "lab: A_JAVA_OPTS takes JVM options separated by spaces, without quotes");
        bad.put(List.of("pair", "--a-gateway", "reactive", "--b-gateway", "reactive", "--java-opts", "-Dx='a b'"),
                "lab: JAVA_OPTS takes JVM options separated by spaces, without quotes");
        bad.put(List.of("pair", "--a-gateway", "reactive", "--b-gateway", "reactive", "--b-jdk", "99"),
                "lab: B_JDK=99: no JDK 99 in /usr/lib/jvm, /Library/Java/JavaVirtualMachines, ");
        bad.put(List.of("capacity", "--rates", "1.5,800"), "lab: RATES must be whole req/s from 1 to 1000000");
        bad.put(List.of("baseline", "--duration", "10h", "--subwindow", "1s"),
                "lab: DURATION=10h in SUBWINDOW=1s parts makes 36000 sub-windows");
        bad.put(List.of("baseline", "--repeat", "5000"), "lab: PASSES must be at most 100, got 5000");
        bad.put(List.of("baseline", "--threads", "5000", "--connections", "5000"),
                "lab: THREADS must be at most 1000, got 5000");
        bad.put(List.of("baseline", "--connections", "100000000"),
                "lab: CONNECTIONS=100000000 is more than this machine lets one process open");
        bad.put(List.of("lab", "--cpu-rate", "5000000"), "lab: RATE must be at most 1000000 req/s, got 5000000");
        bad.put(List.of("lab", "--warmup-max", "3h"), "lab: WARMUP must be at most ");
        bad.put(List.of("lab", "--slo", "fast"), "lab: SLO must be a percentile and a latency such as p99:10ms");
        bad.put(List.of("gateway-test", "--slo", "p99:soon"), "lab: SLO's latency in 'p99:soon' is not a latency");
        bad.put(List.of("pair-ladder", "--fail-on", "lots"), "lab: FAIL_ON must be ");
        bad.put(List.of("capacity", "--rates", "0.4,800"),
                "lab: RATES must be whole req/s from 1 to 1000000 separated by commas");
        bad.forEach((args, line) -> {
            err.getBuffer().setLength(0);
            assertThat(run(args.toArray(String[]::new))).as(String.join(" ", args)).isNotZero();
            assertThat(err.toString().strip()).as(String.join(" ", args)).hasLineCount(1).startsWith(line);
        });
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void aSweepSectionWithoutClientsIsOneLineNotANullPointer(@TempDir Path dir) throws java.io.IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("ladder.yml"),
                "rungs:\n  - name: reactive\n    profiles: [reactive]\n" + "sweep:\n  latencies: [0, 1ms]\n");
        assertThat(run("sweep", "--scenarios", file.toString())).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .isEqualTo("lab: " + file + "'s sweep: needs both clients: (e.g. [blocking, reactive]) "
                    + "and latencies: (e.g. [0, 1ms, 5ms])");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void makeUpTakesAuthClientAheadOfProfilesInsteadOfIgnoringIt() {
        CommandLine.ParseResult parsed = LabCommand.commandLine()
            .parseArgs("up", "--auth-client", "blocking", "--profiles", "log-quiet");
        UpCommand up = parsed.subcommand().commandSpec().commandLine().getCommand();
        assertThat(up.authClient.authClient.tag()).isEqualTo("blocking");
        assertThat(run("up", "--auth-client", "webflux")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1).contains("webflux");
    }

    @Test
    void theLadderIsOfferedAFixedRateByDefaultAndTheOtherCommandsOnlyWhenAsked() {
        // each measuring command's own default, as the run plan asks it: 800 req/s for
        // make
        // lab (the rate docs and make help quote), off for every other command
        for (dev.perflab.lab.run.CommandKind kind : dev.perflab.lab.run.CommandKind.values()) {
            int rate = loadOptions(kind.id()).cpuRate();
            assertThat(rate).as(kind.id()).isEqualTo(kind == dev.perflab.lab.run.CommandKind.LAB ? 800 : 0);
            // and RATE, where given, is the rate whatever the command
            assertThat(loadOptions(kind.id(), "--cpu-rate", "300").cpuRate()).as(kind.id()).isEqualTo(300);
            assertThat(loadOptions(kind.id(), "--cpu-rate", "0").cpuRate()).as(kind.id()).isZero();
        }
    }

    private static dev.perflab.lab.cli.LoadOptions loadOptions(String... args) {
        CommandLine.ParseResult parsed = LabCommand.commandLine().parseArgs(args);
        Measuring command = parsed.subcommand().commandSpec().commandLine().getCommand();
        return command.load;
    }

    @Test
    void anUnknownPinIsOneLineBeforeAnythingStarts() {
        assertThat(run("baseline", "--pin", "cores")).isNotZero();
        assertThat(err.toString().strip()).isEqualTo("lab: PIN must be auto or off, not 'cores'");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void whatARemoteSystemCannotDoIsOneLineBeforeAnythingRuns() {
        String root = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize().toString();
        String example = Path.of(root, "lab/remote.example.yml").toString();
        assertThat(run("profile", "--runtime", "remote", "--remote", example, "--root", root)).isNotZero();
        assertThat(err.toString().strip())
            .isEqualTo("lab: PROFILER=async attaches to a gateway the lab started: not with RUNTIME=remote");
        err.getBuffer().setLength(0);
        assertThat(run("sweep", "--runtime", "kubernetes", "--remote", example, "--root", root)).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: make sweep sets auth-service's latency for each point");
        err.getBuffer().setLength(0);
        assertThat(run("up", "--runtime", "remote")).isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: make up starts the apps on this machine; RUNTIME=remote");
        err.getBuffer().setLength(0);
        assertThat(run("baseline", "--runtime", "remote", "--remote",
                Path.of(root, "lab/no-such-remote.yml").toString(), "--root", root))
            .isNotZero();
        assertThat(err.toString().strip()).hasLineCount(1)
            .startsWith("lab: REMOTE file ")
            .contains("no-such-remote.yml not found");
        err.getBuffer().setLength(0);
        assertThat(run("baseline", "--runtime", "cloud")).isNotZero();
        assertThat(err.toString().strip())
            .isEqualTo("lab: RUNTIME must be local, compose, remote or kubernetes, not 'cloud'");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void compareWithoutItsTwoFoldersSaysHowToCallIt() {
        CommandLine command = LabCommand.commandLine();
        command.setErr(new PrintWriter(err, true));
        assertThat(command.execute("compare", "--a", "", "--b", "")).isNotZero();
        assertThat(err.toString().strip()).isEqualTo(
                "lab: compare needs two results folders: make compare A=results/<before> B=results/<after> (FAIL_ON=5% to gate)");
    }

    @Test
    void anUnexpectedFailureIsOneLineAndItsStackTraceIsKeptInAFile() throws Exception {
        java.nio.file.Files.writeString(results.resolve("run.json"), "{}");
        java.nio.file.Files.writeString(results.resolve("summary.json"), "{\"rungs\": [ {\"name\": ");
        CommandLine command = LabCommand.commandLine();
        command.setErr(new PrintWriter(err, true));
        assertThat(command.execute("report", "--run", results.toString())).isNotZero();
        String line = err.toString().strip();
        assertThat(line).hasLineCount(1)
            .startsWith("lab: unexpected ")
            .contains("a bug in the lab; its stack trace is in ");
        java.nio.file.Path trace = java.nio.file.Path
            .of(line.substring(line.indexOf("stack trace is in ") + 18, line.length() - 1));
        assertThat(java.nio.file.Files.readString(trace)).contains("\tat ");
        java.nio.file.Files.delete(trace);
    }

    @Test
    void defaultsComeFromTheEnvironmentAsTheMakefilePassesThem() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabCommand.class.getName(), "gateway-test", "--help")
            .redirectErrorStream(true);
        builder.environment().put("THREADS", "7");
        builder.environment().put("DURATION", "42s");
        builder.environment().put("AUTH_LATENCY", "5ms");
        builder.environment().put("PROFILER", "jfr");
        Process process = builder.start();
        String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceAll("\\s+",
                " ");
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(help).doesNotContain("WARN")
            .contains("wrk threads (default: 7)")
            .contains("(default: 42s)")
            .contains("(default: 5ms)")
            .contains("jprofiler (the agent on 127.0.0.1:38849) (default: jfr)");
    }

    /**
     * One name per idea (issue 40): the sequential targets read PASSES, WARMUP, RATE,
     * LADDER and GATEWAY_PROFILES from the environment as the paired ones read PASSES,
     * WARMUP and RATE; the old options (--repeat, --warmup-max, --cpu-rate, --scenarios,
     * --profiles) stay names of the same options.
     */
    @Test
    void theSequentialTargetsReadTheNewNamesFromTheEnvironment() throws Exception {
        for (String command : List.of("lab", "pair", "paired-lab")) {
            ProcessBuilder builder = new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), LabCommand.class.getName(), command, "--help")
                .redirectErrorStream(true);
            Map<String, String> env = builder.environment();
            List.of("REPEAT", "WARMUP_MAX", "CPU_RATE", "PAIR_RATE", "CPU_DURATION", "SCENARIOS", "PROFILES")
                .forEach(env::remove);
            env.put("PASSES", "3");
            env.put("WARMUP", "42s");
            env.put("WARMUP_PROBE", "7s");
            env.put("RATE", "321");
            env.put("LADDER", "lean");
            env.put("GATEWAY_PROFILES", "log-quiet");
            Process process = builder.start();
            String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceAll("\\s+",
                    " ");
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(help).as(command).contains("(default: 42s)").contains("(default: 7s)");
            if (command.equals("lab")) {
                // each option under its new name and its old one
                for (String name : List.of("--passes", "--repeat", "--rate", "--cpu-rate", "--warmup", "--warmup-max",
                        "--ladder", "--scenarios", "--gateway-profiles", "--profiles")) {
                    assertThat(help).as(name)
                        .containsPattern("(?<![\\w-])" + java.util.regex.Pattern.quote(name) + "[,=]");
                }
            }
        }
        LoadOptions load = loadOptions("lab", "--repeat", "3", "--cpu-rate", "300", "--warmup-max", "30s");
        assertThat(load.repeat()).isEqualTo(3);
        assertThat(load.cpuRate()).isEqualTo(300);
        assertThat(load.warmupMax()).hasSeconds(30);
        LoadOptions renamed = loadOptions("lab", "--passes", "3", "--rate", "300", "--warmup", "30s");
        assertThat(renamed.repeat()).isEqualTo(3);
        assertThat(renamed.cpuRate()).isEqualTo(300);
        assertThat(renamed.warmupMax()).hasSeconds(30);
    }

    @Test
    void makeCapacitysExpectedDurationCountsTheStepsOfItsSearch() {
        LoadOptions load = loadOptions("capacity");
        assertThat(load.duration()).hasSeconds(60);
        // a closed-loop rung: one window; a capacity rung: 5 to 9 steps of DURATION, so
        // with
        // 4 rungs 4 x (15 s + 3 probes of 5 s + 5 x 60 s) = 22 min to 4 x (30 s +
        // WARMUP=2m +
        // 9 x 60 s) = 46 min (make capacity at 5150e5c took 30 min here and printed 6 to
        // 14)
        assertThat(RunPlans.expectedDuration(4, load, 0, null))
            .endsWith("about 6 to 14 min (warm-up until steady, at most WARMUP=2m)");
        assertThat(RunPlans.expectedDuration(4, load, 0, dev.perflab.lab.capacity.CapacitySearch.Steps.of(List.of())))
            .isEqualTo("Expected duration: 4 rungs x 1 pass, about 22 to 46 min (warm-up until steady, at most "
                    + "WARMUP=2m; 5 to 9 steps of STEP_DURATION=1m per rung)");
        assertThat(RunPlans.expectedDuration(1, load, 0,
                dev.perflab.lab.capacity.CapacitySearch.Steps.of(List.of(500.0, 1000.0))))
            .endsWith("; 2 steps of STEP_DURATION=1m per rung)");
    }

    @Test
    void leanIsTheLeanLadderAndNothingIsTheDefaultOne() {
        Path root = Path.of("/repo");
        assertThat(LadderFile.of(null, root)).isEqualTo(Path.of("/repo/lab/scenarios.yml"));
        assertThat(LadderFile.of(Path.of(""), root)).isEqualTo(Path.of("/repo/lab/scenarios.yml"));
        assertThat(LadderFile.of(Path.of("lean"), root)).isEqualTo(Path.of("/repo/lab/scenarios-lean.yml"));
        assertThat(LadderFile.of(Path.of("lab/scenarios-threads.yml"), root))
            .isEqualTo(Path.of("lab/scenarios-threads.yml"));
    }

}
