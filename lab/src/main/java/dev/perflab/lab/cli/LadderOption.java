package dev.perflab.lab.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** LADDER, declared once for every command that runs a ladder file. */
public class LadderOption {

    @Option(names = { "--ladder", "--scenarios" }, defaultValue = "${env:LADDER}",
            description = "Ladder file, or lean for lab/scenarios-lean.yml (LADDER, once SCENARIOS; default: lab/scenarios.yml under --root).")
    Path scenarios;

    /** The ladder file under {@code root}. */
    public Path file(Path root) {
        return LadderFile.of(scenarios, root);
    }

}
