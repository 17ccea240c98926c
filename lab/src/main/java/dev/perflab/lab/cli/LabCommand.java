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
                PairCommand.class, PairLadderCommand.class })
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
        commandLine.setParameterExceptionHandler((ex, args) -> {
            CommandLine command = ex.getCommandLine();
            command.getErr().println("lab: " + ex.getMessage() + " (see: lab " + command.getCommandName() + " --help)");
            command.getErr().flush();
            return command.getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine;
    }

}
