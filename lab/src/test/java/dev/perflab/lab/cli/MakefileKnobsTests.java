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
 * started): a generic name taken from the shell's environment is said in one line, and
 * make profile's PROFILER given to another target is one line and a non-zero exit instead
 * of being ignored.
 */
class MakefileKnobsTests {

    /**
     * The generic names the Makefile speaks of, and make's own hand-me-downs from an
     * outer make.
     */
    private static final List<String> CLEARED = List.of("JAVA_OPTS", "TIMEOUT", "DURATION", "OUT", "RUN", "A", "B",
            "PROFILER", "MAKEFLAGS", "MFLAGS", "MAKELEVEL");

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    record Made(int exit, String output) {
    }

    private static Made make(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(
                Stream.concat(Stream.of("make", "-s", "-n"), Stream.of(args)).toList())
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

    @Test
    void profilerGivenToMakeLabIsOneLineAndAFailureButMakeProfileTakesIt() throws Exception {
        Made lab = make(Map.of(), "lab", "PROFILER=async");
        assertThat(lab.exit()).isNotZero();
        assertThat(lab.output().strip()).hasLineCount(1)
            .contains("PROFILER=async applies to make profile only: for every gateway rung of make lab use "
                    + "PROFILE_RUNGS=async");
        Made profile = make(Map.of(), "profile", "PROFILER=async");
        assertThat(profile.output()).as(profile.output()).doesNotContain("applies to make profile only");
        assertThat(profile.output()).contains("profile --profiler \"async\"");
    }

}
