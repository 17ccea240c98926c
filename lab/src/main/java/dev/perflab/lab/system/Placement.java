package dev.perflab.lab.system;

import java.util.List;
import java.util.Locale;

import dev.perflab.lab.LabException;

/**
 * Where the load generator and the system under test run. With PIN=auto on 4 cores or
 * more the generator gets its own cores (a quarter, at least one) and the apps the rest,
 * through taskset; on fewer cores, with PIN=off or without taskset, they share the
 * machine and every report says so.
 *
 * @param generatorCpus the generator's cores as taskset takes them ("6-7"), or null when
 * shared
 * @param appCpus the apps' cores, or null when shared
 */
public record Placement(String pin, int cores, String generatorCpus, String appCpus) {

    public static Placement decide(String pin, int cores, boolean tasksetInstalled) {
        String mode = pin == null ? "auto" : pin.trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("auto") && !mode.equals("off")) {
            throw new LabException("PIN must be auto or off, not '" + pin + "'");
        }
        if (mode.equals("off") || cores < 4 || !tasksetInstalled) {
            return new Placement(mode, cores, null, null);
        }
        int generator = Math.max(1, cores / 4);
        return new Placement(mode, cores, range(cores - generator, cores - 1), range(0, cores - generator - 1));
    }

    private static String range(int from, int to) {
        return from == to ? Integer.toString(from) : from + "-" + to;
    }

    public boolean pinned() {
        return generatorCpus != null;
    }

    /** What goes before the generator's command: taskset with its cores, or nothing. */
    public List<String> generatorPrefix() {
        return pinned() ? List.of("taskset", "-c", generatorCpus) : List.of();
    }

    /** What goes before each app's command in the local runtime. */
    public List<String> appPrefix() {
        return pinned() ? List.of("taskset", "-c", appCpus) : List.of();
    }

    /** One line for run.json and the report's header. */
    public String describe() {
        if (pinned()) {
            return "load generator on cores " + generatorCpus + ", the apps on cores " + appCpus + " (PIN=auto, "
                    + cores + " cores, taskset)";
        }
        if (pin.equals("off")) {
            return "load generator and system share the " + cores + " cores (PIN=off)";
        }
        return "load generator and system share the " + cores
                + " cores (PIN=auto pins only on 4 cores or more, with taskset)";
    }
}
