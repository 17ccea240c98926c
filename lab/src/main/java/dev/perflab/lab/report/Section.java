package dev.perflab.lab.report;

import java.util.Map;

/**
 * One part of the report with its own partials,
 * {@code templates/section/<name>.md.mustache} and {@code .html.mustache}: a new part of
 * the report is one class and its partials, not a field, a builder method, a view key and
 * two template blocks spread over four files.
 */
interface Section {

    /**
     * The values the section's partials read, or null when the run has nothing for this
     * section and the report leaves it out.
     */
    Map<String, Object> view();

    /**
     * A section that is only a table: its view is the table's, absent when the table is
     * empty.
     */
    static Map<String, Object> tableView(Table table) {
        return table.isEmpty() ? null : table.view();
    }

}
