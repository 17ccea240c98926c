package dev.perflab.lab.cli;

import picocli.CommandLine;

/**
 * The one line a bad option gets, in the words the user used.
 */
final class ParameterErrors {

    private ParameterErrors() {
    }

    /**
     * A bad option's line in the words the user used: a value that came from a knob (the
     * environment make passes, e.g. SUBWINDOW=1ms) is named by the knob and sends to make
     * help; one typed as an option keeps the option and the command's --help.
     */
    static String line(CommandLine.ParameterException ex, String[] args) {
        String message = ex.getMessage();
        String help = "lab " + ex.getCommandLine().getCommandName() + " --help";
        CommandLine.Model.OptionSpec option = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec spec ? spec
                : named(ex.getCommandLine(), message);
        String typedName = option == null ? null : typedName(option, args);
        if (typedName != null && !typedName.equals(option.longestName())) {
            // picocli names an option by its longest name: say the one the user typed
            message = message.replace("'" + option.longestName() + "'", "'" + typedName + "'");
        }
        if (option != null && typedName == null) {
            String knob = LabCommand.knob(LabCommand.declaredDefault(option));
            if (knob != null) {
                for (String name : option.names()) {
                    message = message.replace("option '" + name + "'", knob).replace("'" + name + "'", knob);
                }
                help = "make help";
            }
        }
        return message + " (see: " + help + ")";
    }

    /** The option a conversion error names ("option '--subwindow'"), or null. */
    private static CommandLine.Model.OptionSpec named(CommandLine command, String message) {
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("option '(-[^']+)'").matcher(message);
        return matcher.find() ? command.getCommandSpec().findOption(matcher.group(1)) : null;
    }

    /** The name of {@code option} the user typed, or null when it came from a knob. */
    private static String typedName(CommandLine.Model.OptionSpec option, String[] args) {
        for (String arg : args) {
            for (String name : option.names()) {
                if (arg.equals(name) || arg.startsWith(name + "=")) {
                    return name;
                }
            }
        }
        return null;
    }

}
