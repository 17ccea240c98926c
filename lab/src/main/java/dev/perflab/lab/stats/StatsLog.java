package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.perflab.lab.LabException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The samples of a rung, for means and time series: the raw records of
 * {@code stats.jsonl} next to the given {@code stats.log} when there are any, else the
 * log itself (runs from before the raw records, or a {@code docker stats} log captured by
 * hand).
 */
public record StatsLog(List<StatsLine> lines, int unreadable) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The raw records that belong to a {@code stats.log}. */
    public static Path rawFile(Path logFile) {
        String name = logFile.getFileName().toString();
        return logFile.resolveSibling((name.endsWith(".log") ? name.substring(0, name.length() - 4) : name) + ".jsonl");
    }

    public static StatsLog read(Path file) {
        Path raw = rawFile(file);
        if (Files.isRegularFile(raw)) {
            return readRaw(raw);
        }
        if (!Files.isRegularFile(file)) {
            return new StatsLog(List.of(), 0);
        }
        try {
            List<String> text = Files.readAllLines(file);
            List<StatsLine> parsed = text.stream().map(StatsLine::parse).flatMap(Optional::stream).toList();
            long skipped = text.stream()
                .filter(line -> line.isBlank() || StatsLine.isHeader(line) || StatsLine.isComment(line))
                .count();
            return new StatsLog(parsed, (int) (text.size() - skipped - parsed.size()));
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    private static StatsLog readRaw(Path raw) {
        List<StatsLine> lines = new ArrayList<>();
        int unreadable = 0;
        try {
            for (String record : Files.readAllLines(raw)) {
                if (record.isBlank()) {
                    continue;
                }
                try {
                    StatsLine line = StatsLine.fromRaw(JSON.readTree(record));
                    // means and charts count whole seconds, as stats.log stamps them
                    lines.add(new StatsLine(line.time().truncatedTo(ChronoUnit.SECONDS), line.name(), line.cpuPercent(),
                            line.memBytes(), line.memLimitBytes(), line.memPercent(), line.netInBytes(),
                            line.netOutBytes(), line.blockInBytes(), line.blockOutBytes(), line.pids()));
                }
                catch (RuntimeException cutShort) {
                    unreadable++;
                }
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + raw + ": " + ex.getMessage(), ex);
        }
        return new StatsLog(List.copyOf(lines), unreadable);
    }

    /** Mean CPU % per service over samples stamped within [from, to]. */
    public Map<String, Double> meanCpu(LocalDateTime from, LocalDateTime to) {
        Map<String, Double> means = lines.stream()
            .filter(line -> !line.time().isBefore(from.withNano(0)) && !line.time().isAfter(to))
            .collect(Collectors.groupingBy(StatsLine::name, TreeMap::new,
                    Collectors.averagingDouble(StatsLine::cpuPercent)));
        means.replaceAll((name, mean) -> Math.round(mean * 10) / 10.0);
        return means;
    }

    /** CPU % per service, one point per line, in order: for the CPU-over-time chart. */
    public Map<String, List<StatsLine>> byService() {
        return lines.stream().collect(Collectors.groupingBy(StatsLine::name, LinkedHashMap::new, Collectors.toList()));
    }
}
