package dev.perflab.lab.report;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.perflab.lab.Captured;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report.html shows every section report.md shows, in the same order: the headings of
 * report.md ("## ...") are the headings of report.html outside its charts, and what
 * report.md says of the faults and of the sampler's cost is in report.html too.
 */
class ReportParityTests {

    private static final Pattern MD_HEADING = Pattern.compile("(?m)^## (.+)$");

    private static final Pattern HTML_HEADING = Pattern.compile("<h2>(.+?)</h2>");

    @ParameterizedTest
    @ValueSource(strings = { "run-lab", "run-capacity", "run-profile", "run-gateway-test", "synthetic-foreign-faults" })
    void aRealRunsReportHasTheSameSectionsInBothFiles(String name) {
        assertSameSections(ReportModel.read(golden(name)));
    }

    @ParameterizedTest
    @ValueSource(strings = { "run-lab-interrupted", "run-sweep" })
    void aCapturedRunsReportHasTheSameSectionsInBothFiles(String name) {
        assertSameSections(ReportModel.read(Captured.folder(name)));
    }

    private static void assertSameSections(ReportModel model) {
        String markdown = ReportWriter.markdown(model);
        String html = ReportWriter.html(model);
        String outsideCharts = withoutCharts(html);
        assertThat(headings(HTML_HEADING, outsideCharts))
            .isEqualTo(headings(MD_HEADING, markdown).stream().map(heading -> heading.replace("`", "")).toList());
        if (markdown.contains("## Faults injected")) {
            for (String line : markdown.substring(markdown.indexOf("```\n") + 4).split("\n")) {
                if (line.startsWith("```")) {
                    break;
                }
                assertThat(html).contains(line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"));
            }
        }
        Matcher sampler = Pattern.compile("The /proc stats sampler used at most [0-9.]+ % of one core")
            .matcher(markdown);
        if (sampler.find()) {
            assertThat(html).contains(sampler.group());
        }
    }

    /** The page without its charts' block: their headings name charts, not sections. */
    private static String withoutCharts(String html) {
        int start = html.indexOf("<div class=\"charts\">");
        if (start < 0) {
            return html;
        }
        int depth = 0;
        Matcher tags = Pattern.compile("<div\\b|</div>").matcher(html);
        tags.region(start, html.length());
        while (tags.find()) {
            depth += tags.group().equals("</div>") ? -1 : 1;
            if (depth == 0) {
                return html.substring(0, start) + html.substring(tags.end());
            }
        }
        return html;
    }

    private static List<String> headings(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1).replaceAll("<[^>]+>", "").strip());
        }
        return found;
    }

    private static Path golden(String name) {
        URL url = ReportParityTests.class.getResource("/golden/" + name + "/summary.json");
        try {
            return Path.of(url.toURI()).getParent();
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

}
