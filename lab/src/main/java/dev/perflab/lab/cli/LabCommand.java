package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/** The lab runner's entry point; the Makefile targets are thin calls into its subcommands. */
@Command(name = "lab", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "Gateway Performance Lab 0.1",
        description = "Starts the system under test, drives load, and writes results.",
        subcommands = { UpCommand.class, DownCommand.class, RunCommands.Baseline.class, RunCommands.GatewayTest.class, RunCommands.Profile.class,
                RunCommands.Ladder.class, RunCommands.Sweep.class, RunCommands.Capacity.class, RunCommands.Report.class, ChartsCommand.class, CompareCommand.class, PairCommand.class })
public class LabCommand {

    static final int EXIT_FAILED = 1;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The stack trace of an unexpected failure goes to a file, so the terminal shows one line. */
    static String keepStackTrace(Throwable ex) {
        try {
            java.nio.file.Path file = java.nio.file.Files.createTempFile("lab-error-", ".txt");
            java.io.StringWriter trace = new java.io.StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            java.nio.file.Files.writeString(file, trace.toString());
            return "its stack trace is in " + file;
        }
        catch (java.io.IOException | RuntimeException notWritten) {
            return "its stack trace could not be kept: " + notWritten.getMessage();
        }
    }

    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new LabCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> {
            PrintWriter err = cl.getErr();
            if (ex instanceof LabException) {
                err.println("lab: " + ex.getMessage());
            }
            else {
                err.println("lab: unexpected " + ex.getClass().getSimpleName() + ": " + String.valueOf(ex.getMessage()).lines().findFirst().orElse("")
                        + " (a bug in the lab; "
                        + keepStackTrace(ex) + ")");
            }
            err.flush();
            return EXIT_FAILED;
        });
        commandLine.setParameterExceptionHandler((ex, args) -> {
            CommandLine command = ex.getCommandLine();
            command.getErr().println("lab: " + ex.getMessage() + " (see: lab " + command.getCommandName() + " --help)");
            command.getErr().flush();
            return command.getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine;
    }
}
