package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One name, one meaning, one check (issue 51): RATE=0 is no fixed rate on every target,
 * make compare's closed loop is CLOSED_LOOP=yes, and a pass's knobs are checked alike on
 * the sequential and the paired targets.
 */
class OneMeaningTests {

    @TempDir
    Path results;

    private final StringWriter err = new StringWriter();

    private static final List<String> PAIR = List.of("pair", "--a-gateway", "reactive", "--b-gateway", "reactive");

    private int run(List<String> command, String... more) {
        CommandLine line = LabCommand.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(new StringWriter(), true));
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(more));
        all.addAll(List.of("--results", results.toString()));
        return line.execute(all.toArray(String[]::new));
    }

    private String line() {
        String text = err.toString().strip();
        err.getBuffer().setLength(0);
        return text;
    }

    @Test
    void rateZeroOnAPairedTargetSaysWhatItBecameAndStartsNothing() {
        assertThat(run(PAIR, "--rate", "0")).isEqualTo(1);
        assertThat(line()).hasLineCount(1)
            .isEqualTo("lab: RATE=0 means no fixed rate, which a paired target cannot do; the closed loop it once "
                    + "meant here is CLOSED_LOOP=yes on make compare A_GATEWAY= B_GATEWAY=");
        assertThat(run(List.of("paired-lab"), "--rate", "0")).isEqualTo(1);
        assertThat(line()).startsWith("lab: RATE=0 means no fixed rate");
        assertThat(run(PAIR, "--closed-loop", "maybe")).isEqualTo(1);
        assertThat(line()).isEqualTo("lab: CLOSED_LOOP must be yes or no, not 'maybe'");
        assertThat(results).isEmptyDirectory();
    }

    @Test
    void theClosedLoopIsItsOwnKnobAndTheRateStaysARate() {
        CommandLine.ParseResult closed = LabCommand.commandLine()
            .parseArgs(concat(PAIR, "--closed-loop", "yes", "--rate", "300"));
        PairCommand closedLoop = closed.subcommand().commandSpec().commandLine().getCommand();
        assertThat(closedLoop.plan().ratePerSide()).isZero();
        CommandLine.ParseResult offered = LabCommand.commandLine().parseArgs(concat(PAIR, "--rate", "300"));
        PairCommand atRate = offered.subcommand().commandSpec().commandLine().getCommand();
        assertThat(atRate.plan().ratePerSide()).isEqualTo(300);
    }

    /**
     * DURATION is a rung's or a duet's measured time; make capacity's steps have their
     * own knob, and the old meaning there is one line naming it.
     */
    @Test
    void aCapacityStepIsStepDurationAndDurationThereSaysSo() {
        CommandLine capacity = LabCommand.commandLine().getSubcommands().get("capacity");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GivenKnobs.check(capacity, "DURATION"))
            .isInstanceOf(dev.perflab.lab.LabException.class)
            .hasMessage("make capacity does not use DURATION any more: the time of each of its steps is "
                    + "STEP_DURATION (DURATION is a rung's or a duet's): use STEP_DURATION");
        org.assertj.core.api.Assertions.assertThatNoException()
            .isThrownBy(() -> GivenKnobs.check(capacity, "STEP_DURATION"));
        assertThat(GivenKnobs.knobs(capacity)).contains("STEP_DURATION").doesNotContain("DURATION");
        assertThat(run(List.of("capacity"), "--duration", "30s")).isEqualTo(1);
        assertThat(line()).isEqualTo("lab: capacity does not use --duration any more: the time of each of its "
                + "steps is --step-duration (STEP_DURATION)");
        assertThat(run(List.of("capacity"), "--step-duration", "0s")).isEqualTo(1);
        assertThat(line()).isEqualTo("lab: STEP_DURATION must be at least 1s, got 0s");
        assertThat(results).isEmptyDirectory();
    }

    /** The checks that lived on one side only now hold on both. */
    @Test
    void aPasssKnobsAreCheckedAlikeOnEveryTarget() {
        for (List<String> target : List.of(PAIR, List.of("baseline"), List.of("pair-ladder"))) {
            assertThat(run(target, "--passes", "500")).as(target.get(0)).isEqualTo(1);
            assertThat(line()).as(target.get(0)).isEqualTo("lab: PASSES must be at most 100, got 500");
            assertThat(run(target, "--timeout", "0s")).as(target.get(0)).isEqualTo(1);
            assertThat(line()).as(target.get(0)).startsWith("lab: TIMEOUT must be at least 1s");
            assertThat(run(target, "--warmup", "2s", "--warmup-probe", "5s")).as(target.get(0)).isEqualTo(1);
            assertThat(line()).as(target.get(0)).startsWith("lab: WARMUP must be at least one warm-up probe");
        }
        assertThat(results).isEmptyDirectory();
    }

    private static String[] concat(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

}
