package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lab runner's entry point; the Makefile targets are thin calls into its subcommands.
 */
@Command(name = "lab", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT,
        version = "Gateway Performance Lab 0.1",
        description = "Starts the system under test, drives load, and writes results.",
        subcommands = { UpCommand.class, DownCommand.class, RunCommands.Baseline.class, RunCommands.GatewayTest.class,
                RunCommands.Profile.class, RunCommands.Ladder.class, RunCommands.Sweep.class,
                RunCommands.Capacity.class, RunCommands.Report.class, ChartsCommand.class, CompareCommand.class,
                PairCommand.class, PairLadderCommand.class, PairedLabCommand.class, TrendCommand.class,
                TrendCommitsCommand.class, AdviseCommand.class })
public class LabCommand {

    static final int EXIT_FAILED = 1;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The stack trace of an unexpected failure goes to a file, so the terminal shows one
     * line.
     */
    static String keepStackTrace(Throwable ex) {
        try {
            Path file = Files.createTempFile("lab-error-", ".txt");
            StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            Files.writeString(file, trace.toString());
            return "its stack trace is in " + file;
        }
        catch (IOException | RuntimeException notWritten) {
            return "its stack trace could not be kept: " + notWritten.getMessage();
        }
    }

    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new LabCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        // each target's own default for a knob, from the one table
        commandLine.setDefaultValueProvider(new KnobTable());
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> {
            PrintWriter err = cl.getErr();
            if (ex instanceof LabException) {
                err.println("lab: " + ex.getMessage());
            }
            else {
                err.println("lab: unexpected " + ex.getClass().getSimpleName() + ": "
                        + String.valueOf(ex.getMessage()).lines().findFirst().orElse("") + " (a bug in the lab; "
                        + keepStackTrace(ex) + ")");
            }
            err.flush();
            return EXIT_FAILED;
        });
        commandLine.setExecutionStrategy(parseResult -> {
            CommandLine.ParseResult last = parseResult;
            while (last.hasSubcommand()) {
                last = last.subcommand();
            }
            try {
                GivenKnobs.check(last.commandSpec().commandLine(), System.getenv(GivenKnobs.ENV));
            }
            catch (LabException ex) {
                PrintWriter err = last.commandSpec().commandLine().getErr();
                err.println("lab: " + ex.getMessage());
                err.flush();
                return EXIT_FAILED;
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        commandLine.setParameterExceptionHandler((ex, args) -> {
            CommandLine command = ex.getCommandLine();
            command.getErr().println("lab: " + parameterError(ex, args));
            command.getErr().flush();
            return command.getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine;
    }

    /**
     * A bad option's line in the words the user used: a value that came from a knob (the
     * environment make passes, e.g. SUBWINDOW=1ms) is named by the knob and sends to make
     * help; one typed as an option keeps the option and the command's --help.
     */
    static String parameterError(CommandLine.ParameterException ex, String[] args) {
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
            String knob = knob(declaredDefault(option));
            if (knob != null) {
                for (String name : option.names()) {
                    message = message.replace("option '" + name + "'", knob).replace("'" + name + "'", knob);
                }
                help = "make help";
            }
        }
        return message + " (see: " + help + ")";
    }

    /** The default as written on the option, before picocli resolved ${env:...}. */
    static String declaredDefault(CommandLine.Model.OptionSpec option) {
        if (option.userObject() instanceof java.lang.reflect.Field field) {
            CommandLine.Option annotation = field.getAnnotation(CommandLine.Option.class);
            if (annotation != null) {
                return annotation.defaultValue();
            }
        }
        return null;
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

    /** The knob in a default such as ${env:SUBWINDOW:-10s}, or null. */
    static String knob(String defaultValue) {
        if (defaultValue == null || !defaultValue.startsWith("${env:")) {
            return null;
        }
        int end = defaultValue.indexOf(':', "${env:".length());
        int close = defaultValue.indexOf('}');
        int stop = end < 0 ? close : close < 0 ? end : Math.min(end, close);
        return stop < 0 ? null : defaultValue.substring("${env:".length(), stop);
    }

}
