package dev.perflab.lab.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The samples of a Prometheus text exposition ({@code /actuator/prometheus}): one per
 * line {@code name{label="value",...} value [timestamp]}, comments and blank lines
 * skipped.
 */
public record PrometheusText(List<Sample> samples) {

    public record Sample(String name, Map<String, String> labels, double value) {
    }

    public static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            try {
                samples.add(sample(trimmed));
            }
            catch (RuntimeException malformed) {
                // a line of another format is not a sample
            }
        }
        return new PrometheusText(List.copyOf(samples));
    }

    private static Sample sample(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        String name;
        Map<String, String> labels = new TreeMap<>();
        String rest;
        if (brace >= 0 && (space < 0 || brace < space)) {
            name = line.substring(0, brace);
            int i = brace + 1;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                String label = line.substring(i, eq).strip();
                StringBuilder value = new StringBuilder();
                int j = eq + 2; // past ="
                while (line.charAt(j) != '"') {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    }
                    else {
                        value.append(c);
                    }
                    j++;
                }
                labels.put(label, value.toString());
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            rest = line.substring(i + 1).strip();
        }
        else {
            name = line.substring(0, space);
            rest = line.substring(space + 1).strip();
        }
        String value = rest.split("\\s+")[0];
        return new Sample(name, Map.copyOf(labels), switch (value) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        });
    }

    /** The first sample of {@code name}, whatever its labels. */
    public OptionalDouble first(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).mapToDouble(Sample::value).findFirst();
    }

    /**
     * The sum of every sample of {@code name} (each label set once), or empty when there
     * is none.
     */
    public OptionalDouble sum(String name) {
        List<Sample> matching = samples.stream().filter(s -> s.name().equals(name)).toList();
        return matching.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(matching.stream().mapToDouble(Sample::value).sum());
    }

    /**
     * The sum of the samples of {@code name} whose value is positive (Micrometer writes
     * -1 for "no maximum").
     */
    public double sumPositive(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).mapToDouble(Sample::value).filter(v -> v > 0).sum();
    }
}
