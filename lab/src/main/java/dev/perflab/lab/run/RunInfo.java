package dev.perflab.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.perflab.lab.system.Commands;

/**
 * What a result needs to be read later: the machine, the JDK, the commit and every
 * parameter.
 */
public final class RunInfo {

    private RunInfo() {
    }

    /**
     * {@code runtime} is where the apps ran: {@code local} (JVM processes) or
     * {@code compose}; {@code parameters} is anything Jackson writes (a map, a plan's
     * record).
     */
    public static Map<String, Object> describe(Path root, String command, String runtime, Object parameters) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("command", command);
        info.put("started", OffsetDateTime.now().toString());
        info.put("runtime", runtime);
        info.put("parameters", parameters);
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cpu_model", cpuModel());
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("memory_gib", Math.round(memoryBytes() / 1024.0 / 1024 / 1024 * 10) / 10.0);
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        machine.put("load_generator_on_same_host", true);
        info.put("machine", machine);
        info.put("jdk", System.getProperty("java.vm.name") + " " + Runtime.version());
        info.put("java_home", System.getProperty("java.home"));
        info.put("git_commit", git(root, "rev-parse", "HEAD"));
        info.put("git_dirty", !git(root, "status", "--porcelain", "--untracked-files=no").isEmpty());
        return info;
    }

    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        catch (IOException ex) {
            return "unknown";
        }
        return "unknown";
    }

    private static long memoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        }
        catch (IOException | NumberFormatException ex) {
            return 0;
        }
        return 0;
    }

    private static String git(Path root, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        Commands.Result result = Commands.run(command, null, Duration.ofSeconds(10));
        return result.ok() ? result.output().trim() : "unknown";
    }

}
