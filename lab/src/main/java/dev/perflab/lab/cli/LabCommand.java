package dev.perflab.lab.cli;

import dev.perflab.lab.ExitCode;
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

    static final int EXIT_FAILED = ExitCode.FAILED.code();

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
            command.getErr().println("lab: " + ParameterErrors.line(ex, args));
            command.getErr().flush();
            return ExitCode.USAGE.code();
        });
        return commandLine;
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
