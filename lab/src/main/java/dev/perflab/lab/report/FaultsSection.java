package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;

/**
 * The faults injected into auth-service during the measured window (FAULTS): every rung's
 * {@code faults.log}, each line prefixed with its rung, so they can be matched against
 * stats.log.
 */
public record FaultsSection(List<String> lines) implements Section {

    static FaultsSection of(RunFacts facts) {
        List<String> lines = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            if (r.dir() == null) {
                continue;
            }
            Path log = facts.dir().resolve(r.dir()).normalize().resolve("faults.log");
            if (Files.isRegularFile(log)) {
                try {
                    Files.readAllLines(log).forEach(line -> lines.add(r.name() + "   " + line));
                }
                catch (IOException ex) {
                    lines.add(r.name() + "   (faults.log unreadable: " + ex.getMessage() + ")");
                }
            }
        }
        return new FaultsSection(List.copyOf(lines));
    }

    @Override
    public Map<String, Object> view() {
        return lines.isEmpty() ? null : Map.of("lines", lines);
    }
}
