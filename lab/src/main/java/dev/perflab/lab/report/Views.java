package dev.perflab.lab.report;

import java.util.List;

/**
 * How a value the report may lack reaches a template: a section over a list of zero or
 * one element, never a null the template would trip on.
 */
final class Views {

    private Views() {
    }

    static List<Object> optional(Object value) {
        return value == null ? List.of() : List.of(value);
    }

}
