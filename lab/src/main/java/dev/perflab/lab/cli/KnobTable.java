package dev.perflab.lab.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.run.CommandKind;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one table of defaults that differ by target: a knob's option is declared once (its
 * default there, {@code ${env:PASSES:-1}}, is every other target's), and a target whose
 * own default differs has its row here. Applied by picocli before the knob is read, so
 * that every command reads one value and its --help shows its own default; a knob set in
 * the environment (make's command line) or typed as an option wins.
 */
final class KnobTable implements IDefaultValueProvider {

    /** make compare A_GATEWAY= B_GATEWAY= and make pair-ladder: a pair of gateways. */
    private static final String[] PAIRS = { "pair", "pair-ladder" };

    /** make lab, advise and trend COMMITS=: a chain of duets. */
    private static final String[] CHAINS = { "paired-lab", "advise", "trend-commits" };

    /** Knob, then command, then the command's default. */
    static final Map<String, Map<String, String>> DEFAULTS = table();

    private static Map<String, Map<String, String>> table() {
        Map<String, Map<String, String>> table = new LinkedHashMap<>();
        // make compare: ten passes tell a few per cent apart; a step of the others: four
        row(table, "PASSES", "10", "pair");
        row(table, "PASSES", "4", "pair-ladder");
        row(table, "PASSES", "4", CHAINS);
        row(table, "DURATION", "30s", PAIRS);
        row(table, "DURATION", LineupPlan.DUET_DURATION.toSeconds() + "s", CHAINS);
        row(table, "SUBWINDOW", "10s", PAIRS);
        row(table, "SUBWINDOW", LineupPlan.DUET_WINDOW.toSeconds() + "s", CHAINS);
        row(table, "RATE", String.valueOf(CommandKind.LADDER_CPU_RATE), "lab");
        row(table, "RATE", String.valueOf(LineupPlan.DEFAULT_RATE), PAIRS);
        row(table, "RATE", String.valueOf(LineupPlan.DEFAULT_RATE), CHAINS);
        // enough connections that the client does not cap a point: 200 / 20 ms = 10,000
        // req/s, beyond any rung here
        row(table, "CONNECTIONS", "200", "sweep");
        row(table, "SLO", "p99:10ms", "capacity");
        row(table, "GATEWAY_PROFILES", "reactive", "trend-commits");
        return table;
    }

    private static void row(Map<String, Map<String, String>> table, String knob, String value, String... commands) {
        for (String command : commands) {
            table.computeIfAbsent(knob, k -> new LinkedHashMap<>()).put(command, value);
        }
    }

    /** {@code command}'s default for {@code knob}, or null for the knob's own. */
    static String defaultFor(String knob, String command) {
        return DEFAULTS.getOrDefault(knob, Map.of()).get(command);
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        if (!(argument instanceof OptionSpec option)) {
            return null;
        }
        String knob = LabCommand.knob(LabCommand.declaredDefault(option));
        if (knob == null || System.getenv(knob) != null) {
            return null;
        }
        CommandSpec command = option.command();
        return command == null ? null : defaultFor(knob, command.name());
    }

}
