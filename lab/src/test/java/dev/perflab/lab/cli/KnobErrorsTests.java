package dev.perflab.lab.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bad value is named the way the user gave it: a knob from make's environment by the
 * knob, with make help; an option typed on the lab's command line by the option. Each is
 * one line and exit 2, before anything starts.
 */
class KnobErrorsTests {

    private record Ran(int exit, String err) {
    }

    private static Ran lab(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                        System.getProperty("java.class.path"), LabCommand.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(env);
        Process process = builder.start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Ran(process.exitValue(), err);
    }

    @Test
    void aKnobFromTheEnvironmentIsNamedByTheKnob() throws Exception {
        Ran ran = lab(Map.of("SUBWINDOW", "1ms"), "lab");
        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.err()).isEqualTo("lab: Invalid value for SUBWINDOW: '1ms' is not a duration: use whole seconds, "
                + "minutes or hours such as 30s, 5m, 1h (see: make help)\n");
        Ran health = lab(Map.of("HEALTH_TIMEOUT", "soon"), "gateway-test");
        assertThat(health.exit()).isEqualTo(2);
        assertThat(health.err()).startsWith("lab: Invalid value for HEALTH_TIMEOUT: 'soon'")
            .endsWith("(see: make help)\n")
            .doesNotContain("--health-timeout");
    }

    @Test
    void healthTimeoutIsADurationLikeEveryOther() throws Exception {
        Ran zero = lab(Map.of("HEALTH_TIMEOUT", "0s"), "gateway-test");
        assertThat(zero.exit()).isEqualTo(1);
        assertThat(zero.err()).isEqualTo("lab: HEALTH_TIMEOUT must be more than 0s\n");
        Ran fraction = lab(Map.of("HEALTH_TIMEOUT", "1.5m"), "gateway-test");
        assertThat(fraction.exit()).isEqualTo(2);
        assertThat(fraction.err()).startsWith("lab: Invalid value for HEALTH_TIMEOUT: '1.5m' is not a duration");
    }

    @Test
    void anOptionTypedOnTheCommandLineIsNamedByTheOption() throws Exception {
        Ran ran = lab(Map.of("SUBWINDOW", "1ms"), "lab", "--subwindow=2ms");
        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.err()).isEqualTo("lab: Invalid value for option '--subwindow': '2ms' is not a duration: use "
                + "whole seconds, minutes or hours such as 30s, 5m, 1h (see: lab lab --help)\n");
    }

    @Test
    void theKnobIsReadFromTheOptionsDeclaredDefault() {
        assertThat(LabCommand.knob("${env:SUBWINDOW:-10s}")).isEqualTo("SUBWINDOW");
        assertThat(LabCommand.knob("${env:GATEWAY_JAR}")).isEqualTo("GATEWAY_JAR");
        assertThat(LabCommand.knob("30s")).isNull();
        assertThat(LabCommand.knob(null)).isNull();
    }

}
