package dev.perflab.lab.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.perflab.lab.LabException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Names the culprit from async-profiler's collapsed stacks: the event-loop threads'
 * samples ({@code reactor-http-*}) grouped by what they are, as the rules file lists
 * them, with a one-line verdict.
 */
public final class Hotspots {

    public static final String OTHER = "other";
    static final String EVENT_LOOP = "[reactor-http-";

    public record Group(String name, List<String> patterns) {
    }

    public record Rules(List<Group> groups) {

        private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

        public static Rules load(Path file) {
            try {
                Rules rules = YAML.readValue(file.toFile(), Rules.class);
                if (rules.groups() == null || rules.groups().isEmpty()) {
                    throw new LabException("hotspot rules " + file + " list no groups");
                }
                return rules;
            }
            catch (JacksonException ex) {
                throw new LabException("hotspot rules " + file + " are not valid: " + ex.getOriginalMessage(), ex);
            }
        }
    }

    /**
     * Share of event-loop samples per group, largest first, and the path most samples of
     * the top group take.
     */
    public record Summary(long totalSamples, long eventLoopSamples, Map<String, Double> shares, String topPath) {

        public double share(String group) {
            return shares.getOrDefault(group, 0.0);
        }

        /** The largest group that is not idle time. */
        public Optional<String> topGroup() {
            return shares.keySet().stream().filter(group -> !group.startsWith("idle")).findFirst();
        }

        public String verdict() {
            if (eventLoopSamples == 0) {
                return "no samples on event-loop threads (reactor-http-*)";
            }
            String top = topGroup().orElse(OTHER);
            return String.format(Locale.ROOT, "event loop spends %.0f %% of its samples in %s%s", share(top) * 100, top,
                    topPath.isEmpty() ? "" : ": " + topPath);
        }
    }

    private Hotspots() {
    }

    public static Summary summarize(Path collapsed, Rules rules) {
        List<String> lines;
        try {
            lines = Files.readAllLines(collapsed);
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + collapsed + ": " + ex.getMessage(), ex);
        }
        long total = 0;
        long eventLoop = 0;
        Map<String, Long> byGroup = new LinkedHashMap<>();
        Map<String, Map<String, Long>> paths = new LinkedHashMap<>();
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            String stack = line.substring(0, space);
            total += count;
            if (!stack.startsWith(EVENT_LOOP)) {
                continue;
            }
            eventLoop += count;
            String[] frames = stack.split(";");
            Group group = groupOf(frames, rules);
            String name = group == null ? OTHER : group.name();
            byGroup.merge(name, count, Long::sum);
            if (group != null) {
                paths.computeIfAbsent(name, n -> new LinkedHashMap<>()).merge(path(frames, group), count, Long::sum);
            }
        }
        long all = eventLoop;
        Map<String, Double> shares = byGroup.entrySet()
            .stream()
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .collect(Collectors.toMap(Map.Entry::getKey, e -> all == 0 ? 0.0 : (double) e.getValue() / all, (a, b) -> a,
                    LinkedHashMap::new));
        String top = shares.keySet().stream().filter(group -> !group.startsWith("idle")).findFirst().orElse(OTHER);
        String topPath = paths.getOrDefault(top, Map.of())
            .entrySet()
            .stream()
            .max(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElse("");
        return new Summary(total, eventLoop, shares, topPath);
    }

    private static Group groupOf(String[] frames, Rules rules) {
        for (Group group : rules.groups()) {
            for (String frame : frames) {
                if (group.patterns().stream().anyMatch(frame::contains)) {
                    return group;
                }
            }
        }
        return null;
    }

    /**
     * The first and the last frame of the stack that the group's patterns match: where it
     * enters and where it ends up.
     */
    private static String path(String[] frames, Group group) {
        List<String> matching = new ArrayList<>();
        for (String frame : frames) {
            if (group.patterns().stream().anyMatch(frame::contains)) {
                matching.add(readable(frame));
            }
        }
        if (matching.isEmpty()) {
            return "";
        }
        String first = matching.get(0);
        String last = matching.get(matching.size() - 1);
        return first.equals(last) ? first : first + " → " + last;
    }

    static String readable(String frame) {
        String name = frame.replaceAll("_\\[[a-z]\\]$", "").replace('/', '.');
        String[] parts = name.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : name;
    }

    /** Writes {@link #markdown} to a file. */
    public static void write(Path file, Summary summary, String title) {
        try {
            Files.writeString(file, markdown(summary, title));
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + file + ": " + ex.getMessage(), ex);
        }
    }

    public static String markdown(Summary summary, String title) {
        StringBuilder md = new StringBuilder("# Hotspots: ").append(title).append("\n\n");
        md.append("**").append(summary.verdict()).append("**\n\n");
        md.append(String.format(Locale.ROOT, "%,d samples in all, %,d on event-loop threads (reactor-http-*).%n%n",
                summary.totalSamples(), summary.eventLoopSamples()));
        md.append("| group | share of event-loop samples |\n|---|---|\n");
        summary.shares()
            .forEach((group, share) -> md.append(String.format(Locale.ROOT, "| %s | %.1f %% |%n", group, share * 100)));
        md.append(
                "\nGroups come from lab/hotspots.yml: a sample counts for the first group whose pattern occurs in its stack.\n");
        return md.toString();
    }

}
