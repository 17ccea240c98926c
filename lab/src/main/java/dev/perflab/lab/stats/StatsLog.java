package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.perflab.lab.LabException;

/** A {@code stats.log} of either runtime, read back for means and time series. */
public record StatsLog(List<StatsLine> lines, int unreadable) {

    public static StatsLog read(Path file) {
        if (!Files.isRegularFile(file)) {
            return new StatsLog(List.of(), 0);
        }
        try {
            List<String> raw = Files.readAllLines(file);
            List<StatsLine> parsed = raw.stream().map(StatsLine::parse).flatMap(Optional::stream).toList();
            long skipped = raw.stream().filter(line -> line.isBlank() || StatsLine.isHeader(line)).count();
            return new StatsLog(parsed, (int) (raw.size() - skipped - parsed.size()));
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    /** Mean CPU % per service over lines stamped within [from, to]. */
    public Map<String, Double> meanCpu(LocalDateTime from, LocalDateTime to) {
        Map<String, Double> means = lines.stream()
            .filter(line -> !line.time().isBefore(from.withNano(0)) && !line.time().isAfter(to))
            .collect(Collectors.groupingBy(StatsLine::name, TreeMap::new, Collectors.averagingDouble(StatsLine::cpuPercent)));
        means.replaceAll((name, mean) -> Math.round(mean * 10) / 10.0);
        return means;
    }

    /** CPU % per service, one point per line, in order: for the CPU-over-time chart. */
    public Map<String, List<StatsLine>> byService() {
        return lines.stream().collect(Collectors.groupingBy(StatsLine::name, LinkedHashMap::new, Collectors.toList()));
    }
}
