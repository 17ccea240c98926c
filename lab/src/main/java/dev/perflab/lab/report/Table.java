package dev.perflab.lab.report;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * A header and its rows, each cell as printed: a section's figures are formatted once
 * here, so the Markdown and the HTML report show the same digits. Empty when nothing
 * qualified for it.
 */
public record Table(List<String> header, List<List<String>> rows) {

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /**
     * What {@code table.md} and {@code table.html} read: the header and the rows, each
     * cell saying whether it holds text (the second and the last column, left-aligned in
     * HTML).
     */
    Map<String, Object> view() {
        List<Map<String, Object>> cells = rows.stream()
            .map(row -> Map.<String, Object>of("cells",
                    IntStream.range(0, row.size())
                        .mapToObj(c -> Map.of("value", row.get(c), "text", c == 1 || c == row.size() - 1))
                        .toList()))
            .toList();
        return Map.of("header", header, "rows", cells);
    }
}
