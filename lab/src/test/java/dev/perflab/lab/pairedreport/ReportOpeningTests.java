package dev.perflab.lab.pairedreport;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.report.Templates;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paired reports open with their answer (issue 54): the headline, then the table a
 * reader came for, then the method in short sentences with a link to docs/en/13-paired.md
 * for the rest.
 */
class ReportOpeningTests {

    /** The longest sentence the method paragraph may have, in words. */
    private static final int LONGEST = 40;

    @Test
    void theLadderReportOpensWithTheHeadlineThenTheStepTableThenTheMethod() {
        Map<String, Object> model = ladderModel();
        String md = Templates.compile("lab-paired.md", Templates.MARKDOWN).execute(model);
        assertOpening(md, "reactive spends 2.596 × [2.388, 2.822] nginx's CPU per request",
                "| blocking → reactive | WebClient |");
    }

    @Test
    void theComparisonOpensWithTheHeadlineThenTheTableThenTheMethod() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("a", "the lab's gateway (profiles reactive)");
        model.put("b", "the lab's gateway (profiles reactive,burn)");
        model.put("load", "400 req/s a side");
        model.put("passesPlanned", 10);
        model.put("passesDone", 10);
        model.put("unfinished", false);
        model.put("windows", 3);
        model.put("window", "10s");
        model.put("warmup", "up to 2m");
        model.put("seed", 7);
        model.put("headline", "B against A, in the same seconds: CPU per request 1.120 × [1.050, 1.190], costlier");
        model.put("noVerdict", "");
        model.put("rows", List.of(Map.of("metric", "gateway CPU per request", "unit", "ms", "a", "0.1", "b", "0.112",
                "ratio", "1.120 × [1.050, 1.190], costlier", "halfWidth", "±6.3 %")));
        model.put("generator", "0.0100 ms");
        model.put("passes", List.of());
        String md = Templates.compile("paired.md", Templates.MARKDOWN).execute(model);
        assertOpening(md, "**B against A, in the same seconds: CPU per request 1.120 × [1.050, 1.190], costlier**",
                "| gateway CPU per request (ms) |");
        model.put("headline", "");
        assertThat(Templates.compile("paired.md", Templates.MARKDOWN).execute(model)).as("no CPU ratio, no headline")
            .doesNotContain("****");
    }

    @Test
    void passesThatTimeAddedAreCountedApartFromThePlannedOnes() {
        assertThat(PairedLabReport.extraPasses(4, List.of(7, 7, 7, 7))).isEmpty();
        assertThat(PairedLabReport.extraPasses(4, List.of(7, 7))).as("unfinished: no extra pass").isEmpty();
        assertThat(PairedLabReport.extraPasses(4, List.of(7, 7, 7, 7, 2))).startsWith("; then 1 extra pass of 2 duets");
        assertThat(PairedLabReport.extraPasses(4, List.of(7, 7, 7, 7, 2, 2, 1)))
            .startsWith("; then 3 extra passes of 2, 2 and 1 duets (TIME");
        Map<String, Object> model = ladderModel();
        model.put("duets", 7);
        model.put("extraPasses", PairedLabReport.extraPasses(4, List.of(7, 7, 7, 7, 2, 1)));
        assertThat(Templates.compile("lab-paired.md", Templates.MARKDOWN).execute(model))
            .contains("4 of 4 passes of 7 duets; then 2 extra passes of 2 and 1 duets")
            .doesNotContain("6 of 4");
    }

    private static Map<String, Object> ladderModel() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("ladder", "blocking, reactive, nginx");
        model.put("passesDone", 4);
        model.put("passesPlanned", 4);
        model.put("extraPasses", "");
        model.put("unfinished", false);
        model.put("load", "400 req/s a side");
        model.put("warmup", "up to 2m");
        model.put("duets", 2);
        model.put("windows", 2);
        model.put("window", "8s");
        model.put("headline", List.of("reactive spends 2.596 × [2.388, 2.822] nginx's CPU per request"));
        model.put("steps",
                List.of(Map.of("name", "blocking → reactive", "changes", "WebClient", "cpuA", "0.1", "cpuB", "0.09",
                        "cpu", "0.900 × [0.877, 0.924], cheaper", "bytes", "b", "p50", "p", "p99", "q", "carriedBy",
                        "CPU")));
        model.put("noVerdicts", List.of());
        model.put("references", List.of());
        model.put("aloneWhat", "Not measured (ALONE=0s).");
        model.put("alone", List.of());
        model.put("passes", List.of());
        return model;
    }

    private static void assertOpening(String md, String headline, String row) {
        int answer = md.indexOf(headline);
        int table = md.indexOf(row);
        int method = md.indexOf("## How it was measured");
        int link = md.indexOf("(../../docs/en/13-paired.md)");
        assertThat(answer).as("the headline").isPositive();
        assertThat(table).as("the table, after the headline").isGreaterThan(answer);
        assertThat(method).as("the method, after the table").isGreaterThan(table);
        assertThat(link).as("the link to the rest of the method, in its section").isGreaterThan(method);
        String section = md.substring(method, md.indexOf("\n## ", method + 1));
        String prose = section.lines()
            .filter(line -> !line.startsWith("#") && !line.startsWith("- "))
            .reduce("", (a, b) -> a + " " + b);
        assertThat(Arrays.stream(prose.split("(?<=[.:;])\\s+")).filter(s -> s.split("\\s+").length > LONGEST))
            .as("sentences of more than " + LONGEST + " words in the method")
            .isEmpty();
    }

}
