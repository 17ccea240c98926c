package dev.perflab.lab.paired;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.ExitCode;
import dev.perflab.lab.history.HistoryRow;
import dev.perflab.lab.run.RunFolder;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.csv.CsvMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What docs/{en,de,zh}/12-reference.md says the lab writes, against what it writes: the
 * exit codes against {@link ExitCode}, and the fields of lab.json against a real lab.json
 * (a paired make lab on a pretend machine, as {@link LineupRunTests}), of summary.json
 * against one a real run wrote, of history.csv against its header.
 */
class ResultsSchemaTests {

    static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    static final List<String> LANGUAGES = List.of("en", "de", "zh");

    /**
     * The fields of lab.json its reference describes one by one: the top level, a step's
     * and a reference's fields, and a ratio's.
     */
    private static final Pattern DOCUMENTED = Pattern.compile("[a-z_]+|(steps|against_nginx)\\[\\][.][a-z_]+"
            + "|(steps\\[\\][.]verdicts|against_nginx\\[\\][.]ratios)[.]<metric>[.][a-z_]+");

    /** A table row's first cell in code: "| `steps[].a` | ...". */
    private static final Pattern FIELD = Pattern.compile("^\\| `([^`]+)` \\|");

    @TempDir
    Path dir;

    @Test
    void theExitCodeTableListsExactlyTheRunnersCodes() throws IOException {
        Set<String> codes = new TreeSet<>();
        for (ExitCode code : ExitCode.values()) {
            codes.add(String.valueOf(code.code()));
        }
        for (String language : LANGUAGES) {
            assertThat(fields(language, "exit-codes", false)).as(language).isEqualTo(codes);
        }
    }

    @Test
    void labJsonHasTheFieldsTheReferenceNames() throws IOException {
        List<LineupPlan.Entrant> rungs = List.of(LineupRunTests.gateway("reactive", "reactive"),
                LineupRunTests.gateway("log-quiet", "reactive", "log-quiet"), LineupRunTests.nginx("nginx", false));
        LineupRunTests.FakeStage stage = new LineupRunTests.FakeStage(
                Map.of("reactive", 0.40, "log-quiet", 0.36, "nginx", 0.12),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
        RunFolder run = RunFolder.create(dir, "lab");
        LineupRun.execute(LineupRunTests.plan(rungs, 2, Duration.ofSeconds(3)), stage, run,
                new PrintWriter(new StringWriter()), result -> {
                });
        JsonNode lab = RunFolder.JSON.readTree(run.dir().resolve("lab.json").toFile());
        Set<String> written = new TreeSet<>();
        paths(lab, "", Set.of("reactive", "log-quiet", "nginx", "backend", "baseline"), written);
        written.removeIf(path -> !DOCUMENTED.matcher(path).matches());
        assertThat(written).contains("steps[].verdicts.<metric>.verdict", "against_nginx[].ratios.<metric>.per_pass");
        for (String language : LANGUAGES) {
            assertMatches(language, "lab-json", written);
        }
    }

    @Test
    void summaryJsonHasTheStepFieldsTheReferenceNames() throws IOException {
        JsonNode summary = RunFolder.JSON
            .readTree(ROOT.resolve("lab/src/test/resources/golden/run-lab/summary.json").toFile());
        Set<String> written = new TreeSet<>();
        for (JsonNode rung : summary.path("rungs")) {
            rung.path("verdict").propertyNames().forEach(name -> written.add("rungs[].verdict." + name));
        }
        assertThat(written).contains("rungs[].verdict.against", "rungs[].verdict.proxy_cpu_ms_per_request");
        for (String language : LANGUAGES) {
            assertMatches(language, "summary-json", written);
        }
    }

    @Test
    void historyCsvHasTheColumnsTheReferenceNames() throws IOException {
        Set<String> columns = new TreeSet<>(CsvMapper.builder().build().schemaFor(HistoryRow.class).getColumnNames());
        for (String language : LANGUAGES) {
            assertThat(fields(language, "history-csv", false)).as(language).isEqualTo(columns);
        }
    }

    /**
     * Every field written is documented, and every documented field not marked {@code ?}
     * (left out when it has nothing to say) is written.
     */
    private static void assertMatches(String language, String anchor, Set<String> written) throws IOException {
        Set<String> documented = fields(language, anchor, true);
        Set<String> required = fields(language, anchor, false);
        assertThat(written).as(language + " " + anchor + ": written but not documented").isSubsetOf(documented);
        assertThat(required).as(language + " " + anchor + ": documented but not written").isSubsetOf(written);
    }

    /**
     * Every field of a JSON tree as a path: "steps[].verdicts.cpu_ms_per_request.ratio";
     * a rung's name as {@code <rung>}.
     */
    static void paths(JsonNode node, String prefix, Set<String> rungs, Set<String> out) {
        if (node.isArray()) {
            node.forEach(element -> paths(element, prefix + "[]", rungs, out));
            return;
        }
        if (node.isObject()) {
            for (var entry : node.properties()) {
                String name = rungs.contains(entry.getKey()) ? "<rung>"
                        : prefix.endsWith(".verdicts") || prefix.endsWith(".ratios") ? "<metric>" : entry.getKey();
                String path = prefix.isEmpty() ? name : prefix + "." + name;
                out.add(path);
                paths(entry.getValue(), path, rungs, out);
            }
        }
    }

    /**
     * The fields of the table after the anchor {@code <a id="NAME">} in the language's
     * 12-reference.md; with {@code optional}, those marked {@code ?} too.
     */
    static Set<String> fields(String language, String anchor, boolean optional) throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("docs").resolve(language).resolve("12-reference.md"));
        int start = lines.indexOf("<a id=\"" + anchor + "\"></a>");
        assertThat(start).as(language + ": no <a id=\"" + anchor + "\"></a>").isNotNegative();
        Set<String> fields = new TreeSet<>();
        boolean inTable = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("|")) {
                inTable = true;
                Matcher field = FIELD.matcher(line);
                if (field.find() && (optional || !field.group(1).endsWith("?"))) {
                    fields.add(field.group(1).replaceAll("[?]$", ""));
                }
            }
            else if (inTable) {
                break;
            }
        }
        return fields;
    }

}
