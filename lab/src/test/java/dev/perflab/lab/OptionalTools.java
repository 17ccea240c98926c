package dev.perflab.lab;

import java.nio.file.Path;

import dev.perflab.lab.system.InstalledTools;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A tool or engine a test can do without: where it is missing, the test is skipped with
 * one printed line saying why. Under CI=true (.ci/run sets it, and installs everything) a
 * missing one fails the test instead.
 */
public final class OptionalTools {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final boolean CI = "true".equals(System.getenv("CI"));

    private OptionalTools() {
    }

    /**
     * Skips the test unless {@code present}; {@code reason} says what is missing and how
     * to get it.
     */
    public static void need(boolean present, String reason) {
        assumeTrue(available(present, reason), reason);
    }

    /**
     * Skips the test unless {@code tool} is on the PATH, with the setup step's line as
     * the reason.
     */
    public static void need(String tool) {
        assumeTrue(installed(tool), () -> InstalledTools.missing(ROOT, tool).orElse(tool));
    }

    /**
     * Whether {@code tool} is on the PATH, for a test that checks the skip itself; false
     * is reported like a skip.
     */
    public static boolean installed(String tool) {
        return available(InstalledTools.installed(tool), InstalledTools.missing(ROOT, tool).orElse(tool));
    }

    private static boolean available(boolean present, String reason) {
        return available(present, reason, CI);
    }

    static boolean available(boolean present, String reason, boolean ci) {
        if (!present) {
            if (ci) {
                fail(reason + " (CI=true: .ci/run's machine must have it, so this fails instead of skipping)");
            }
            System.out.println("skipped: " + reason);
        }
        return present;
    }

}
