package dev.perflab.lab.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.perflab.lab.LabException;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The knobs set on make's command line (LAB_GIVEN, which the Makefile exports): one that
 * the command it runs would ignore is one line and exit code 1 before anything starts,
 * naming the targets that do take it ({@code make up DURATION=30s} measured nothing for
 * 30 s, silently). Which knobs a command takes is read from its own options (each names
 * its knob in its default, {@code ${env:DURATION:-60s}}), plus the few the Makefile turns
 * into options itself. Names that are no knob of any command are the user's own business.
 */
final class GivenKnobs {

    static final String ENV = "LAB_GIVEN";

    /**
     * A knob's old names, by the name the runner reads now: the Makefile says each one in
     * a line and passes it on under its new name (issue 40, one name per idea). Read from
     * the options themselves: an option's other names ({@code --repeat} beside
     * {@code --passes}) are its knob's old names (REPEAT).
     */
    static final Map<String, String> ALIASES = aliases(LabCommand.commandLine());

    /** The old names of every knob of {@code root}'s commands, by their new one. */
    static Map<String, String> aliases(CommandLine root) {
        Map<String, String> aliases = new java.util.TreeMap<>();
        List<CommandLine> commands = new ArrayList<>(List.of(root));
        commands.addAll(root.getSubcommands().values());
        for (CommandLine command : commands) {
            for (OptionSpec option : command.getCommandSpec().options()) {
                String knob = LabCommand.knob(LabCommand.declaredDefault(option));
                if (knob == null) {
                    continue;
                }
                for (String name : option.names()) {
                    String word = name.replaceFirst("^-+", "").replace('-', '_').toUpperCase(java.util.Locale.ROOT);
                    if (name.startsWith("--") && !word.equals(knob)) {
                        aliases.put(word, knob);
                    }
                }
            }
        }
        return aliases;
    }

    /**
     * Knobs the Makefile reads itself to choose a command, by the commands it may choose.
     */
    private static final Map<String, Set<String>> CHOSEN_BY_MAKE = Map.of("PAIRED", Set.of("lab", "paired-lab"),
            "COMMITS", Set.of("trend", "trend-commits"));

    /** Knobs the Makefile passes as options, by the commands whose target passes them. */
    private static final Map<String, Set<String>> PASSED_BY_MAKE = Map.of("RUN", Set.of("report", "charts"), "OUT",
            Set.of("charts"), "CHARTS", Set.of("charts"), "FLAME_THREADS", Set.of("charts"), "A", Set.of("compare"),
            "B", Set.of("compare"));

    /**
     * Knobs a command has among its options but has no use for (the shared option sets
     * carry them).
     */
    private static final Map<String, Set<String>> IGNORED = Map.of("baseline", Set.of("PROFILER", "EVENT",
            "GATEWAY_PROFILES", "GATEWAY_JAVA_OPTS", "GATEWAY_JAR", "GATEWAY_IMAGE", "ROUTE", "TOKEN_HEADER"));

    /**
     * A knob whose meaning on a command moved to another knob, by command: one line
     * naming the new one, and exit 1 (DURATION is a rung's or a duet's measured time; a
     * capacity step's is STEP_DURATION).
     */
    private static final Map<String, Map<String, String>> MOVED = Map.of("capacity",
            Map.of("DURATION", "STEP_DURATION"));

    private GivenKnobs() {
    }

    /**
     * Refuses a knob from {@code given} (names separated by spaces) that {@code command}
     * does not take.
     */
    static void check(CommandLine command, String given) {
        if (given == null || given.isBlank()) {
            return;
        }
        String name = command.getCommandName();
        CommandLine root = command;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Set<String> all = new TreeSet<>();
        root.getSubcommands().values().forEach(sub -> all.addAll(knobs(sub)));
        Set<String> taken = knobs(command);
        for (String word : new LinkedHashSet<>(Arrays.asList(given.trim().split("\\s+")))) {
            String knob = ALIASES.getOrDefault(word, word);
            String moved = MOVED.getOrDefault(name, Map.of()).get(knob);
            if (moved != null) {
                throw new LabException("make " + target(name) + " does not use " + word + " any more: the time of "
                        + "each of its steps is " + moved + " (" + word + " is a rung's or a duet's): use " + moved);
            }
            if (!all.contains(knob) || taken.contains(knob)) {
                continue;
            }
            List<String> targets = new ArrayList<>();
            root.getSubcommands().forEach((other, sub) -> {
                String target = target(other);
                if (knobs(sub).contains(knob) && !targets.contains(target)) {
                    targets.add(target);
                }
            });
            throw new LabException("make " + target(name) + " does not use " + word + " ("
                    + targets.stream().map(t -> "make " + t).reduce((a, b) -> a + ", " + b).orElse("no target")
                    + (targets.size() == 1 ? " does" : " do") + "): leave it out");
        }
    }

    /** The knobs a command takes: its options' environment names and the Makefile's. */
    static Set<String> knobs(CommandLine command) {
        Set<String> knobs = new TreeSet<>();
        for (OptionSpec option : command.getCommandSpec().options()) {
            String knob = LabCommand.knob(LabCommand.declaredDefault(option));
            if (knob != null) {
                knobs.add(knob);
            }
        }
        String name = command.getCommandName();
        CHOSEN_BY_MAKE.forEach((knob, commands) -> {
            if (commands.contains(name)) {
                knobs.add(knob);
            }
        });
        PASSED_BY_MAKE.forEach((knob, commands) -> {
            if (commands.contains(name)) {
                knobs.add(knob);
            }
        });
        knobs.removeAll(IGNORED.getOrDefault(name, Set.of()));
        knobs.removeAll(MOVED.getOrDefault(name, Map.of()).keySet());
        return knobs;
    }

    /**
     * The make target that runs a command: make compare runs both compare (A= B=) and
     * pair (A_GATEWAY= B_GATEWAY=).
     */
    private static String target(String command) {
        return switch (command) {
            case "pair" -> "compare A_GATEWAY= B_GATEWAY=";
            case "compare" -> "compare A= B=";
            case "paired-lab" -> "lab PAIRED=yes";
            case "lab" -> "lab PAIRED=no";
            case "trend-commits" -> "trend COMMITS=";
            default -> command;
        };
    }

}
