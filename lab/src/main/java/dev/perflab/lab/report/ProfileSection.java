package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The "Profiles" section of a paired run's report (make lab's report.md, make compare's
 * compare.md): PROFILER's file of every gateway side of every pass, as the run left them
 * in pass-N/<side>/, and one paragraph on what profiling costs the measurement.
 */
public final class ProfileSection {

    private ProfileSection() {
    }

    /**
     * What profiling costs a paired measurement: the same for every gateway of a duet, so
     * the ratio stays paired, but not for nginx, and not nothing.
     */
    public static final String COST = "What profiling costs the measurement: every gateway side is profiled alike, "
            + "in its measured windows only, so a ratio of two gateways stays paired; but each gateway's absolute CPU "
            + "per request (and its latency) includes the profiler's sampling, so take absolute figures from a run "
            + "without PROFILER. nginx is not a JVM and is not profiled: a gateway's ratio to nginx carries the "
            + "profiler's cost on the gateway's side alone.";

    /**
     * The section for PROFILER={@code profiler} (async, jfr or jprofiler; empty text for
     * none), read from the run folder {@code dir}.
     */
    public static String markdown(Path dir, String profiler, String event) {
        if (profiler == null || profiler.isBlank() || profiler.equals("none")) {
            return "";
        }
        StringBuilder text = new StringBuilder("\n## Profiles\n\n");
        if (profiler.equals("jprofiler")) {
            return text.append("PROFILER=jprofiler: the JProfiler agent was loaded into the run's one gateway, on ")
                .append("127.0.0.1:38849 for your GUI to attach to; the lab writes no file of it. ")
                .append(COST)
                .append("\n")
                .toString();
        }
        String file = profiler.equals("jfr") ? "recording.jfr" : "flamegraph.html";
        text.append("PROFILER=")
            .append(profiler)
            .append(profiler.equals("async") ? " (event " + event + ")" : "")
            .append(" sampled every gateway side during its measured windows; its ")
            .append(file)
            .append(profiler.equals("jfr") ? " (with flamegraph.html and jfr-summary.md beside it)" : "")
            .append(" per gateway per pass, with hotspots.md beside it:\n\n");
        List<String> lines = files(dir, file);
        lines.forEach(line -> text.append(line).append('\n'));
        if (lines.isEmpty()) {
            text.append("- none written yet\n");
        }
        return text.append('\n').append(COST).append('\n').toString();
    }

    /** A line per pass naming its sides' files, relative to the run folder. */
    static List<String> files(Path dir, String file) {
        List<String> lines = new ArrayList<>();
        for (Path pass : children(dir, "pass-")) {
            List<String> sides = new ArrayList<>();
            for (Path side : children(pass, "")) {
                if (Files.isRegularFile(side.resolve(file))) {
                    String relative = dir.relativize(side.resolve(file)).toString();
                    sides.add("[" + side.getFileName() + "](" + relative + ")");
                }
            }
            if (!sides.isEmpty()) {
                lines.add("- " + pass.getFileName().toString().replace("-", " ") + ": " + String.join(", ", sides));
            }
        }
        return lines;
    }

    /** The folders of {@code dir} whose names start so, pass-2 before pass-10. */
    private static List<Path> children(Path dir, String prefix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory)
                .filter(path -> path.getFileName().toString().startsWith(prefix))
                .sorted(Comparator
                    .comparing((Path path) -> prefix.isEmpty() ? 0 : path.getFileName().toString().length())
                    .thenComparing(path -> path.getFileName().toString()))
                .toList();
        }
        catch (IOException ex) {
            return List.of();
        }
    }

}
