package dev.perflab.lab;

import java.util.Arrays;
import java.util.List;

/**
 * JVM options as a knob gives them (JAVA_OPTS, GATEWAY_JAVA_OPTS, A_JAVA_OPTS, a rung's
 * java_opts): separated by spaces, each passed to the JVM as one argument. A quote is
 * refused in one line: the lab starts the JVM without a shell, so {@code -Dx="a b"} would
 * reach it as two broken arguments, silently.
 */
public final class JavaOptions {

    private JavaOptions() {
    }

    /**
     * The options of {@code text} (none for null or blank); one line naming {@code knob}
     * when it holds a quote or a control character.
     */
    public static List<String> split(String text, String knob) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        if (text.indexOf('"') >= 0 || text.indexOf('\'') >= 0) {
            throw new LabException(knob + " takes JVM options separated by spaces, without quotes (each is passed as "
                    + "it is, with no shell to remove them, so a value cannot hold a space), not " + text.trim());
        }
        if (text.chars().anyMatch(c -> c < 0x20 && c != '\t' || c == 0x7f)) {
            throw new LabException(knob + " must be one line of JVM options without control characters");
        }
        return Arrays.stream(text.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

}
