package dev.perflab.lab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabException;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * A knob set on make's command line that the target's command would ignore is one line
 * before anything starts ({@code make up DURATION=30s} used to start the apps and say
 * nothing about DURATION). Which command takes which knob is read from the commands' own
 * options, so these tests hold the rule against the real command line.
 */
class GivenKnobsTests {

    private static CommandLine command(String... args) {
        CommandLine.ParseResult parsed = LabCommand.commandLine().parseArgs(args);
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return parsed.commandSpec().commandLine();
    }

    @Test
    void aKnobTheCommandDoesNotTakeIsRefusedNamingTheTargetsThatDo() {
        assertThatThrownBy(() -> GivenKnobs.check(command("up"), "AUTH_CLIENT DURATION"))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("make up does not use DURATION (make baseline, make gateway-test, ")
            .hasMessageContaining("make lab")
            .hasMessageEndingWith(" do): leave it out");
        assertThatThrownBy(() -> GivenKnobs.check(command("lab"), "COMMITS"))
            .hasMessage("make lab PAIRED=no does not use COMMITS (make trend, make trend COMMITS= do): leave it out");
        assertThatThrownBy(() -> GivenKnobs.check(command("paired-lab"), "LEVERS"))
            .hasMessage("make lab PAIRED=yes does not use LEVERS (make advise does): leave it out");
        assertThatThrownBy(() -> GivenKnobs.check(command("lab"), "RUN"))
            .hasMessage("make lab PAIRED=no does not use RUN (make report, make charts do): leave it out");
        assertThatThrownBy(() -> GivenKnobs.check(command("paired-lab"), "RATES"))
            .hasMessage("make lab PAIRED=yes does not use RATES (make capacity does): leave it out");
        for (String command : List.of("paired-lab", "pair", "pair-ladder")) {
            assertThatNoException().as(command)
                .isThrownBy(() -> GivenKnobs.check(command(command), "PROFILER EVENT SLO GATEWAY_JAR GATEWAY_IMAGE"));
        }
        assertThatThrownBy(() -> GivenKnobs.check(command("compare", "--a", "x", "--b", "y"), "PASSES")).hasMessage(
                "make compare A= B= does not use PASSES (make baseline, make gateway-test, make profile, make lab PAIRED=no, "
                        + "make sweep, make capacity, make compare A_GATEWAY= B_GATEWAY=, make pair-ladder, make lab PAIRED=yes, make trend COMMITS=, make advise do): "
                        + "leave it out");
    }

    /**
     * baseline carries the shared option sets, but measures business-service alone: no
     * gateway to profile or to give profiles.
     */
    @Test
    void baselineTakesNoGatewayKnob() {
        for (String knob : List.of("PROFILER", "GATEWAY_PROFILES", "PROFILES", "GATEWAY_JAVA_OPTS")) {
            assertThatThrownBy(() -> GivenKnobs.check(command("baseline"), knob)).as(knob)
                .hasMessageStartingWith("make baseline does not use " + knob + " (");
        }
        assertThatNoException().isThrownBy(() -> GivenKnobs.check(command("baseline"), "DURATION SLO JAVA_OPTS"));
    }

    @Test
    void theMakefilesOwnNamesAndNamesOfNoKnobPass() {
        assertThatNoException().isThrownBy(() -> {
            // PROFILE_RUNGS and CPU_RATE are old names of PROFILER and RATE
            GivenKnobs.check(command("lab"), "LADDER PROFILE_RUNGS DURATION SLO CPU_RATE PROFILER PAIRED");
            GivenKnobs.check(command("paired-lab"), "LADDER PAIRED PASSES PAIR_RATE ALONE FAIL_ON DURATION");
            GivenKnobs.check(command("report", "--run", "x"), "RUN");
            GivenKnobs.check(command("charts", "--run", "x", "--out", "y"), "RUN OUT CHARTS FLAME_THREADS");
            GivenKnobs.check(command("compare", "--a", "x", "--b", "y"), "A B FAIL_ON");
            // a word of a value with spaces (FAULTS='20s:latency=20ms 40s:latency=1ms'),
            // make's own knobs and the user's own variables
            GivenKnobs.check(command("up"), "40s:latency SETUP JAVA BASE_IMAGE MY_OWN");
            GivenKnobs.check(command("up"), "");
            GivenKnobs.check(command("up"), null);
        });
        assertThatThrownBy(() -> GivenKnobs.check(command("gateway-test"), "LADDER"))
            .hasMessageStartingWith("make gateway-test does not use LADDER (make lab PAIRED=no, ");
    }

    /**
     * One name per idea (issue 40): each new name is taken by the targets that take the
     * idea and refused by one that does not, and each old name is taken and refused
     * exactly where its new name is, the refusal naming the word the user typed.
     */
    @Test
    void eachNewNameIsTakenWhereItsIdeaIsAndEachOldNameWhereItsNewOneIs() {
        Map<String, String> renamed = new java.util.LinkedHashMap<>();
        renamed.put("REPEAT", "PASSES");
        renamed.put("WARMUP_MAX", "WARMUP");
        renamed.put("CPU_RATE", "RATE");
        renamed.put("PAIR_RATE", "RATE");
        renamed.put("CPU_DURATION", "RATE_DURATION");
        renamed.put("SCENARIOS", "LADDER");
        renamed.put("PROFILES", "GATEWAY_PROFILES");
        renamed.put("PROFILE_RUNGS", "PROFILER");
        // the targets that take each new name, and one that does not
        Map<String, List<String[]>> takes = Map.of("PASSES",
                List.of(new String[] { "lab" }, new String[] { "paired-lab" }, new String[] { "pair" },
                        new String[] { "pair-ladder" }, new String[] { "baseline" }),
                "WARMUP",
                List.of(new String[] { "lab" }, new String[] { "paired-lab" }, new String[] { "pair" },
                        new String[] { "gateway-test" }),
                "RATE", List.of(new String[] { "lab" }, new String[] { "paired-lab" }, new String[] { "pair" }),
                "RATE_DURATION", List.of(new String[] { "lab" }, new String[] { "gateway-test" }), "LADDER",
                List.of(new String[] { "lab" }, new String[] { "paired-lab" }, new String[] { "pair-ladder" },
                        new String[] { "sweep" }, new String[] { "capacity" }),
                "GATEWAY_PROFILES", List.of(new String[] { "gateway-test" }, new String[] { "up" }), "PROFILER",
                List.of(new String[] { "lab" }, new String[] { "profile" }, new String[] { "paired-lab" },
                        new String[] { "pair" }, new String[] { "pair-ladder" }));
        Map<String, String[]> refuses = Map.of("PASSES", new String[] { "up" }, "WARMUP", new String[] { "up" }, "RATE",
                new String[] { "compare", "--a", "x", "--b", "y" }, "LADDER", new String[] { "gateway-test" },
                "GATEWAY_PROFILES", new String[] { "baseline" }, "PROFILER", new String[] { "up" }, "RATE_DURATION",
                new String[] { "paired-lab" });
        renamed.forEach((old, now) -> {
            assertThat(GivenKnobs.ALIASES).as(old).containsEntry(old, now);
            for (String[] args : takes.get(now)) {
                for (String word : List.of(now, old)) {
                    assertThatNoException().as(word + " on " + args[0])
                        .isThrownBy(() -> GivenKnobs.check(command(args), word));
                }
            }
            for (String word : List.of(now, old)) {
                assertThatThrownBy(() -> GivenKnobs.check(command(refuses.get(now)), word)).as(word)
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining(" does not use " + word + " (");
            }
        });
        // the runner reads the new names alone
        java.util.Set<String> read = new java.util.TreeSet<>();
        LabCommand.commandLine().getSubcommands().values().forEach(sub -> read.addAll(GivenKnobs.knobs(sub)));
        assertThat(read).containsAll(renamed.values()).doesNotContainAnyElementsOf(renamed.keySet());
    }

    /**
     * Every make command the README and the docs teach passes the check: a knob the docs
     * show with a target is one that target takes.
     */
    @Test
    void everyMakeCommandInTheDocsUsesOnlyKnobsItsTargetTakes() throws IOException {
        Path root = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();
        List<Path> pages = new java.util.ArrayList<>(List.of(root.resolve("README.md")));
        try (var docs = java.nio.file.Files.walk(root.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        java.util.regex.Pattern line = java.util.regex.Pattern.compile(
                "(?m)^make (lab|baseline|gateway-test|profile|sweep|capacity|report|compare|pair-ladder|trend|charts|up|down)( .*)?$");
        java.util.regex.Pattern knob = java.util.regex.Pattern.compile("(?<![A-Za-z_])([A-Z][A-Z_0-9]*)=");
        int checked = 0;
        for (Path page : pages) {
            java.util.regex.Matcher commands = line.matcher(java.nio.file.Files.readString(page));
            while (commands.find()) {
                String target = commands.group(1);
                String rest = commands.group(2) == null ? "" : commands.group(2).replaceAll("\\s+#.*$", "");
                List<String> knobs = new java.util.ArrayList<>();
                java.util.regex.Matcher names = knob.matcher(rest);
                while (names.find()) {
                    knobs.add(names.group(1));
                }
                String[] args = switch (target) {
                    case "compare" -> knobs.contains("A_GATEWAY") || knobs.contains("B_GATEWAY")
                            ? new String[] { "pair" } : new String[] { "compare", "--a", "x", "--b", "y" };
                    // the Makefile's PAIRED: make lab measures in pairs unless told
                    // otherwise,
                    // or given a knob only the rungs one after the other take
                    case "lab" -> rest.contains("PAIRED=no") || knobs.stream()
                        .anyMatch(k -> List
                            .of("PROFILER", "PROFILE", "PROFILE_RUNGS", "SLO", "JAVA", "GATEWAY_JAR", "GATEWAY_IMAGE")
                            .contains(k)) || knobs.contains("RUNTIME") && !rest.contains("RUNTIME=local")
                                    ? new String[] { "lab" } : new String[] { "paired-lab" };
                    case "report" -> new String[] { "report", "--run", "x" };
                    case "charts" -> new String[] { "charts", "--run", "x", "--out", "y" };
                    default -> new String[] { target };
                };
                String where = root.relativize(page) + ": " + commands.group();
                assertThatNoException().as(where)
                    .isThrownBy(() -> GivenKnobs.check(command(args), String.join(" ", knobs)));
                checked++;
            }
        }
        assertThat(checked).as("make commands found in the docs").isGreaterThan(50);
    }

    /** The whole way: LAB_GIVEN in the environment, one line on stderr, exit code 1. */
    @Test
    void theRunnerReadsLabGivenAndStartsNothing(@TempDir Path results) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabCommand.class.getName(), "up", "--results",
                results.toString())
            .redirectErrorStream(true);
        builder.environment().put(GivenKnobs.ENV, "DURATION");
        Process lab = builder.start();
        String output = new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(lab.exitValue()).isEqualTo(1);
        assertThat(output.strip()).hasLineCount(1).startsWith("lab: make up does not use DURATION (");
        assertThat(results).isEmptyDirectory();
    }

}
