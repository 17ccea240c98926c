package dev.perflab.lab.cli;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner's options as picocli sees them (issue 51, options once): each option name is
 * declared by one field in the whole lab, each target's own default comes from the one
 * table, and what the Makefile and the reference page say of the knobs is the model's.
 */
class OptionsModelTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    /** Every command of the lab, the top one first. */
    private static List<CommandLine> commands() {
        CommandLine top = LabCommand.commandLine();
        List<CommandLine> all = new ArrayList<>(List.of(top));
        all.addAll(top.getSubcommands().values());
        return all;
    }

    /** The fields that declare each option name, over every command. */
    private static Map<String, Set<String>> declarations() {
        Map<String, Set<String>> fields = new TreeMap<>();
        for (CommandLine command : commands()) {
            for (OptionSpec option : command.getCommandSpec().options()) {
                assertThat(option.userObject()).as(command.getCommandName() + " " + option.longestName())
                    .isInstanceOf(Field.class);
                Field field = (Field) option.userObject();
                String where = field.getDeclaringClass().getName() + "." + field.getName();
                for (String name : option.names()) {
                    fields.computeIfAbsent(name, n -> new TreeSet<>()).add(where);
                }
            }
        }
        return fields;
    }

    /** Every knob an option reads from the environment, over every command. */
    private static Set<String> modelKnobs() {
        Set<String> knobs = new TreeSet<>();
        for (CommandLine command : commands()) {
            for (OptionSpec option : command.getCommandSpec().options()) {
                String knob = LabCommand.knob(LabCommand.declaredDefault(option));
                if (knob != null) {
                    knobs.add(knob);
                }
            }
        }
        return knobs;
    }

    @Test
    void noOptionNameIsDeclaredByTwoFields() {
        Map<String, Set<String>> fields = declarations();
        assertThat(fields).as("option names").containsKeys("--passes", "--ladder", "--only", "--fail-on", "--root");
        Map<String, Set<String>> twice = new TreeMap<>();
        fields.forEach((name, declared) -> {
            if (declared.size() > 1) {
                twice.put(name, declared);
            }
        });
        assertThat(twice).as("option names declared by more than one field").isEmpty();
    }

    /**
     * Each target's own default is the table's, and every row of the table names a
     * command that takes the knob; a knob given in the environment wins.
     */
    @Test
    void eachTargetsOwnDefaultIsTheTables() {
        CommandLine top = LabCommand.commandLine();
        KnobTable.DEFAULTS.forEach((knob, byCommand) -> byCommand.forEach((name, value) -> {
            CommandLine command = top.getSubcommands().get(name);
            assertThat(command).as(name).isNotNull();
            OptionSpec option = command.getCommandSpec()
                .options()
                .stream()
                .filter(o -> knob.equals(LabCommand.knob(LabCommand.declaredDefault(o))))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " takes no " + knob));
            String given = System.getenv(knob);
            assertThat(option.defaultValueString()).as(knob + " on " + name).isEqualTo(given != null ? given : value);
        }));
        assertThat(KnobTable.defaultFor("PASSES", "pair")).isEqualTo("10");
        assertThat(KnobTable.defaultFor("PASSES", "baseline")).isNull();
    }

    /** The Makefile's renamed knobs are the model's aliases, each once. */
    @Test
    void theMakefilesRenamedKnobsAreTheOptionsOtherNames() throws IOException {
        String makefile = Files.readString(ROOT.resolve("Makefile"));
        Map<String, String> renamed = new TreeMap<>();
        Matcher call = Pattern.compile("\\$\\(call renamed,([A-Z_0-9]+),([A-Z_0-9]+),").matcher(makefile);
        while (call.find()) {
            assertThat(renamed.put(call.group(1), call.group(2))).as(call.group(1) + " renamed twice").isNull();
        }
        assertThat(renamed).isEqualTo(GivenKnobs.aliases(LabCommand.commandLine()))
            .isEqualTo(GivenKnobs.ALIASES)
            .containsEntry("REPEAT", "PASSES")
            .containsEntry("PAIR_RATE", "RATE");
        // and the reference page names each old name beside its new one
        String reference = Files.readString(ROOT.resolve("docs/en/12-reference.md"));
        renamed.forEach((old, now) -> assertThat(reference).as(old).contains("`" + old + "`"));
    }

    /**
     * make help lists every knob an option reads, and no knob that neither an option nor
     * the Makefile reads.
     */
    @Test
    void makeHelpListsEveryKnobOfTheModel() throws IOException {
        String makefile = Files.readString(ROOT.resolve("Makefile"));
        int start = makefile.indexOf("\nhelp:");
        String help = makefile.substring(start, makefile.indexOf("\n\n", start));
        Set<String> listed = new TreeSet<>();
        Matcher line = Pattern.compile("echo \"([^~\"]*)~").matcher(help);
        while (line.find()) {
            Matcher knob = Pattern.compile("(?:^| )([A-Z][A-Z_0-9]*)=").matcher(line.group(1));
            while (knob.find()) {
                listed.add(knob.group(1));
            }
        }
        Set<String> model = modelKnobs();
        assertThat(model.stream().filter(knob -> !listed.contains(knob)).toList())
            .as("knobs of the runner's options that make help leaves out")
            .isEmpty();
        assertThat(listed.stream()
            .filter(knob -> !model.contains(knob) && !makefile.contains("$(" + knob + ")")
                    && !makefile.contains("\n" + knob + " ?="))
            .toList()).as("knobs make help lists that nothing reads").isEmpty();
    }

    /** The reference page's knob table has a row for every knob of the model. */
    @Test
    void theReferencePagesTableHasEveryKnobOfTheModel() throws IOException {
        Set<String> documented = new TreeSet<>();
        for (String row : Files.readString(ROOT.resolve("docs/en/12-reference.md")).split("\n")) {
            if (row.startsWith("| `")) {
                Matcher knob = Pattern.compile("`([A-Z][A-Z_0-9]*)`").matcher(row.substring(0, row.indexOf('|', 1)));
                while (knob.find()) {
                    documented.add(knob.group(1));
                }
            }
        }
        assertThat(modelKnobs().stream().filter(knob -> !documented.contains(knob)).toList())
            .as("knobs of the runner's options without a row in docs/en/12-reference.md")
            .isEmpty();
        assertThat(documented).as("old names are said in their new name's row")
            .doesNotContainAnyElementsOf(GivenKnobs.ALIASES.keySet());
    }

}
