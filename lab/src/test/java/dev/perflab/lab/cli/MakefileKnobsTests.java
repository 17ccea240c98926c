package dev.perflab.lab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Makefile's own word on knobs, before anything runs (make -n: nothing is built or
 * started): a generic name taken from the shell's environment is said in one line, the
 * profiler has one name on every target, and make help's defaults are the runner's.
 */
class MakefileKnobsTests {

    /**
     * The generic names the Makefile speaks of, and make's own hand-me-downs from an
     * outer make.
     */
    private static final List<String> CLEARED = List.of("JAVA_OPTS", "TIMEOUT", "DURATION", "OUT", "RUN", "A", "B",
            "PROFILER", "PROFILE", "PROFILE_RUNGS", "REPEAT", "PASSES", "WARMUP_MAX", "WARMUP", "CPU_RATE", "PAIR_RATE",
            "RATE", "CPU_DURATION", "RATE_DURATION", "SCENARIOS", "LADDER", "PROFILES", "GATEWAY_PROFILES", "MAKEFLAGS",
            "MFLAGS", "MAKELEVEL");

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    record Made(int exit, String output) {
    }

    private static Made make(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        return make(environment, true, args);
    }

    /** With {@code dryRun} make prints each recipe instead of running it. */
    private static Made make(Map<String, String> environment, boolean dryRun, String... args)
            throws IOException, InterruptedException {
        Stream<String> make = dryRun ? Stream.of("make", "-s", "-n") : Stream.of("make", "-s");
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(make, Stream.of(args)).toList())
            .directory(ROOT.toFile())
            .redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        CLEARED.forEach(env::remove);
        env.putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Made(process.exitValue(), output);
    }

    @Test
    void aGenericNameFromTheShellIsSaidInOneLineAndTheSameOnTheCommandLineIsNot() throws Exception {
        Made fromShell = make(Map.of("DURATION", "30s", "JAVA_OPTS", "-Xmx64m"), "help");
        assertThat(fromShell.exit()).isZero();
        assertThat(fromShell.output().lines().filter(line -> line.startsWith("make: ")).toList()).containsExactly(
                "make: JAVA_OPTS=-Xmx64m comes from your shell's environment and applies (set JAVA_OPTS on make's command line, or unset it, to choose)",
                "make: DURATION=30s comes from your shell's environment and applies (set DURATION on make's command line, or unset it, to choose)");
        Made onTheLine = make(Map.of(), "help", "DURATION=30s");
        assertThat(onTheLine.exit()).isZero();
        assertThat(onTheLine.output()).doesNotContain("comes from your shell's environment");
    }

    /**
     * make help's targets in two columns, each description where the others begin, and
     * the duet's duration it names is the runner's.
     */
    @Test
    void makeHelpAlignsItsTargetsAndNamesTheDuetsDuration() throws Exception {
        Made help = make(Map.of(), false, "help");
        assertThat(help.exit()).isZero();
        List<String> targets = help.output().lines().filter(line -> line.startsWith("  make ")).toList();
        assertThat(targets).as(help.output()).hasSizeGreaterThan(10);
        java.util.Set<Integer> columns = new java.util.TreeSet<>();
        for (String line : targets) {
            java.util.regex.Matcher description = java.util.regex.Pattern.compile("^  make \\S+ +").matcher(line);
            assertThat(description.find()).as(line).isTrue();
            columns.add(description.end());
        }
        assertThat(columns).as("where each target's description begins").hasSize(1);
        // the knobs in two columns too: knob=default, then what it means
        List<String> knobs = help.output().lines().filter(line -> line.startsWith("    ")).toList();
        assertThat(knobs).as(help.output()).hasSizeGreaterThan(40);
        java.util.Set<Integer> knobColumns = new java.util.TreeSet<>();
        for (String line : knobs) {
            java.util.regex.Matcher meaning = java.util.regex.Pattern.compile("^    [A-Z]\\S*(?: \\S+)* {2,}")
                .matcher(line);
            assertThat(meaning.find()).as(line).isTrue();
            knobColumns.add(meaning.end());
        }
        assertThat(knobColumns).as("where each knob's meaning begins").hasSize(1);
        assertThat(help.output())
            .contains("DURATION=" + dev.perflab.lab.paired.LineupPlan.DUET_DURATION.toSeconds() + "s per duet");
    }

    /**
     * make help shows the everyday knobs' defaults without a build; they are written in
     * the runner, so each one shown must be the runner's own.
     */
    @Test
    void theDefaultsMakeHelpShowsAreTheRunnersOwn() throws Exception {
        Made help = make(Map.of(), false, "help");
        assertThat(help.exit()).isZero();
        String sources;
        try (Stream<Path> files = java.nio.file.Files.walk(ROOT.resolve("lab/src/main/java"))) {
            StringBuilder all = new StringBuilder();
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                all.append(java.nio.file.Files.readString(file));
            }
            sources = all.toString();
        }
        String makefile = java.nio.file.Files.readString(ROOT.resolve("Makefile"));
        List<String> lines = help.output().lines().toList();
        int everyday = lines.indexOf("  everyday knobs, with their defaults:");
        assertThat(everyday).as(help.output()).isNotNegative();
        int advanced = lines.indexOf("  advanced knobs:");
        assertThat(advanced).as(help.output()).isGreaterThan(everyday);
        int checked = 0;
        // one knob a line, its default in the first column
        for (String line : lines.subList(everyday + 1, advanced)) {
            java.util.regex.Matcher knob = java.util.regex.Pattern.compile("^    ([A-Z][A-Z_0-9]*)=(\\S*)  ")
                .matcher(line);
            assertThat(knob.find()).as(line).isTrue();
            String name = knob.group(1);
            String value = knob.group(2);
            boolean runner = sources.contains("${env:" + name + ":-" + value + "}");
            boolean make = value.isEmpty() && makefile.contains("\n" + name + " ?=\n");
            assertThat(runner || make).as(name + "=" + value + " in make help is not the runner's default").isTrue();
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(8);
    }

    /**
     * The names set on make's command line reach the runner as LAB_GIVEN (which refuses
     * one its command ignores, see GivenKnobsTests); a value with spaces or an equals
     * sign stays one knob, and names from the shell's environment are not among them.
     */
    @Test
    void theKnobsOnMakesCommandLineReachTheRunnerByName() throws Exception {
        Made report = make(Map.of("DURATION", "30s"), "-o", "lab/target/lab.jar", "report", "RUN=results/x",
                "FAULTS=20s:latency=20ms 40s:latency=1ms", "TOKEN_HEADER=Authorization: Bearer x");
        assertThat(report.exit()).as(report.output()).isZero();
        String line = report.output()
            .lines()
            .filter(l -> l.contains("lab/target/lab.jar report"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(report.output()));
        assertThat(line).startsWith("LAB_GIVEN='40s:latency FAULTS RUN TOKEN_HEADER' ");
    }

    @Test
    void theProfilerHasOneNameOnEveryTargetAndItsOldNamesSaySo() throws Exception {
        Made lab = make(Map.of(), "lab", "PROFILER=async");
        assertThat(lab.exit()).as(lab.output()).isZero();
        assertThat(lab.output()).doesNotContain("deprecated").contains("lab/target/lab.jar paired-lab");
        Made paired = make(Map.of(), "lab", "PAIRED=yes");
        assertThat(paired.output()).contains("lab/target/lab.jar paired-lab");
        assertThat(make(Map.of(), "lab").output()).as("make lab is paired by default")
            .contains("lab/target/lab.jar paired-lab");
        // the paired make lab takes these itself, or refuses them in one line: none
        // changes
        // the engine any more
        for (String knob : List.of("SLO=p99:10ms", "PROFILER=jfr", "GATEWAY_JAR=gw.jar", "JAVA=/opt/jdk-21/bin/java",
                "GATEWAY_IMAGE=gw:1")) {
            assertThat(make(Map.of(), "lab", knob).output()).as(knob).contains("lab/target/lab.jar paired-lab");
        }
        assertThat(make(Map.of(), "lab", "RUNTIME=compose").output())
            .as("RUNTIME=compose stays paired, after the images are built")
            .contains("build business-service auth-service gateway")
            .contains("lab/target/lab.jar paired-lab");
        assertThat(make(Map.of(), "pair-ladder", "RUNTIME=compose").output())
            .as("make pair-ladder RUNTIME=compose runs its steps in containers of the images it builds first")
            .contains("build business-service auth-service gateway")
            .contains("lab/target/lab.jar pair-ladder");
        assertThat(make(Map.of(), "pair-ladder").output()).as("locally no image is built")
            .doesNotContain("build business-service auth-service gateway")
            .contains("lab/target/lab.jar pair-ladder");
        for (String sequential : List.of("PAIRED=no")) {
            assertThat(make(Map.of(), "lab", sequential).output()).as(sequential)
                .contains("lab/target/lab.jar lab")
                .doesNotContain("paired-lab");
        }
        Made old = make(Map.of(), "lab", "PROFILE_RUNGS=jfr");
        assertThat(old.exit()).isZero();
        assertThat(old.output().lines().filter(line -> line.startsWith("make: ")).toList()).containsExactly(
                "make: PROFILE_RUNGS= is deprecated and will go: use PROFILER=jfr (make lab profiles every gateway rung with it)");
        Made profile = make(Map.of(), "profile", "PROFILER=jfr");
        assertThat(profile.output()).contains("profile --profiler \"jfr\"");
    }

    /**
     * One name per idea (issue 40): each old name still works, said in one line that
     * names the new one, and reaches the runner under the new name (JAVA='sh -c env'
     * prints the environment the runner would get); the new names say nothing.
     */
    @Test
    void eachOldNameSaysItsNewNameInOneLineAndReachesTheRunnerUnderIt() throws Exception {
        Map<String, String> renamed = new java.util.LinkedHashMap<>();
        renamed.put("REPEAT=3", "make: REPEAT= is deprecated and will go: use PASSES=3 "
                + "(the passes that restart the apps on every target)");
        renamed.put("WARMUP_MAX=60s", "make: WARMUP_MAX= is deprecated and will go: use WARMUP=60s "
                + "(the most a warm-up takes on every target)");
        renamed.put("CPU_RATE=300", "make: CPU_RATE= is deprecated and will go: use RATE=300 "
                + "(the rate at which every target reads the cost per request)");
        renamed.put("PAIR_RATE=200", "make: PAIR_RATE= is deprecated and will go: use RATE=200 "
                + "(the rate at which every target reads the cost per request)");
        renamed.put("CPU_DURATION=15s", "make: CPU_DURATION= is deprecated and will go: use RATE_DURATION=15s "
                + "(how long the sequential targets offer each rung RATE)");
        renamed.put("SCENARIOS=lab/scenarios-threads.yml",
                "make: SCENARIOS= is deprecated and will go: use LADDER=lab/scenarios-threads.yml (lean or a ladder file)");
        renamed.put("PROFILES=log-quiet,rid-fast", "make: PROFILES= is deprecated and will go: use "
                + "GATEWAY_PROFILES=log-quiet,rid-fast (the gateway's Spring profiles; PROFILER is the profiler)");
        Map<String, String> now = Map.of("REPEAT=3", "PASSES=3", "WARMUP_MAX=60s", "WARMUP=60s", "CPU_RATE=300",
                "RATE=300", "PAIR_RATE=200", "RATE=200", "CPU_DURATION=15s", "RATE_DURATION=15s",
                "SCENARIOS=lab/scenarios-threads.yml", "LADDER=lab/scenarios-threads.yml",
                "PROFILES=log-quiet,rid-fast", "GATEWAY_PROFILES=log-quiet,rid-fast");
        for (Map.Entry<String, String> old : renamed.entrySet()) {
            Made made = make(Map.of(), false, "-o", "lab/target/lab.jar", "report", "RUN=results/x", "JAVA=sh -c env",
                    old.getKey());
            assertThat(made.exit()).as(made.output()).isZero();
            assertThat(made.output().lines().filter(line -> line.startsWith("make: ")).toList()).as(old.getKey())
                .containsExactly(old.getValue());
            assertThat(made.output().lines().toList()).as(old.getKey()).contains(now.get(old.getKey()));
            Made fresh = make(Map.of(), false, "-o", "lab/target/lab.jar", "report", "RUN=results/x", "JAVA=sh -c env",
                    now.get(old.getKey()));
            assertThat(fresh.exit()).as(fresh.output()).isZero();
            assertThat(fresh.output()).as(now.get(old.getKey())).doesNotContain("deprecated");
        }
        // the new name wins over the old one when both are given
        Made both = make(Map.of(), false, "-o", "lab/target/lab.jar", "report", "RUN=results/x", "JAVA=sh -c env",
                "REPEAT=3", "PASSES=5");
        assertThat(both.output().lines().toList()).contains("PASSES=5").doesNotContain("PASSES=3");
        // make lab PAIRED=no PASSES=3 is what REPEAT=3 was; LADDER is lean, a file or
        // nothing
        assertThat(make(Map.of(), "lab", "PAIRED=no", "PASSES=3").output()).contains("lab/target/lab.jar lab")
            .doesNotContain("deprecated");
        assertThat(make(Map.of(), "lab", "LADDER=lean").exit()).isZero();
        Made missing = make(Map.of(), "lab", "LADDER=lab/no-such-ladder.yml");
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.output()).contains("LADDER must be lean (lab/scenarios-lean.yml), a ladder file");
    }

    /**
     * JProfiler came into the gateway image by curl | tar, unchecked (issue 37): a
     * version without the download's sha256 is one line before anything builds, and the
     * build is handed both.
     */
    @Test
    void aJprofilerDownloadIsCheckedAgainstItsSha256() throws Exception {
        Made unchecked = make(Map.of(), "images", "JPROFILER_VERSION=15.0.2");
        assertThat(unchecked.exit()).isNotZero();
        assertThat(unchecked.output()).contains("JPROFILER_VERSION=15.0.2 needs JPROFILER_SHA256=");
        Made checked = make(Map.of(), "images", "JPROFILER_VERSION=15.0.2", "JPROFILER_SHA256=abc");
        assertThat(checked.exit()).as(checked.output()).isZero();
        assertThat(checked.output()).contains("JPROFILER_VERSION=\"15.0.2\" JPROFILER_SHA256=\"abc\"");
        assertThat(java.nio.file.Files.readString(ROOT.resolve("gateway/Dockerfile"))).contains("sha256sum -c -")
            .doesNotContain("| tar");
    }

}
