package dev.perflab.lab.cli;

import java.nio.file.Path;

/**
 * LADDER, the ladder a command runs, as a file: lab/scenarios.yml when not given, lean
 * for lab/scenarios-lean.yml, otherwise the file it names (SCENARIOS was its old name).
 */
final class LadderFile {

    /** The short name of the lean ladder. */
    static final String LEAN = "lean";

    private LadderFile() {
    }

    /** The ladder file for LADDER as given (null or blank for the default). */
    static Path of(Path given, Path root) {
        if (given == null || given.toString().isBlank()) {
            return root.resolve("lab/scenarios.yml");
        }
        if (given.toString().equals(LEAN)) {
            return root.resolve("lab/scenarios-lean.yml");
        }
        return given;
    }

}
