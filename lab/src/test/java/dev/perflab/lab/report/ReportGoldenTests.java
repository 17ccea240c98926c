package dev.perflab.lab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.perflab.lab.Captured;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code make report} writes the same bytes for a results folder whatever shape the
 * report's code takes. Each folder under {@code golden/} holds what the report reads of a
 * real run (run.json, summary.json, each rung's stats.jsonl or stats.log, faults.log,
 * error.txt); the runs were made by {@code make lab}, {@code capacity}, {@code profile}
 * and {@code gateway-test} at af6edc8, and {@code synthetic-foreign-faults} is
 * {@code captured/run-lab-interrupted} with a foreign gateway, a profiled rung, faults
 * and a skipped rung added by hand. {@code golden/expected/} is what
 * {@code lab report --run} of af6edc8 (before the report was split into sections) wrote
 * for each, with the inlined Chart.js replaced by {@code CHART.JS} to keep the files
 * small.
 */
class ReportGoldenTests {

    @ParameterizedTest
    @ValueSource(strings = { "run-lab", "run-capacity", "run-profile", "run-gateway-test", "synthetic-foreign-faults" })
    void aRealRunsReportIsByteForByteWhatItWas(String name) {
        assertRendersAsBefore(name, golden(name));
    }

    @ParameterizedTest
    @ValueSource(strings = { "run-lab-interrupted", "run-sweep", "run-sweep-before-axes" })
    void aCapturedRunsReportIsByteForByteWhatItWas(String name) {
        assertRendersAsBefore(name, Captured.folder(name));
    }

    private static void assertRendersAsBefore(String name, Path folder) {
        ReportModel model = ReportModel.read(folder);
        Path expected = resource("/golden/expected/" + name + ".md").getParent();
        assertThat(ReportWriter.markdown(model)).isEqualTo(read(expected.resolve(name + ".md")));
        assertThat(withoutChartJs(ReportWriter.html(model))).isEqualTo(read(expected.resolve(name + ".html")));
    }

    /**
     * The first script element's body (Chart.js, a build dependency's bytes) as
     * {@code CHART.JS}.
     */
    private static String withoutChartJs(String html) {
        int start = html.indexOf("<script>") + "<script>".length();
        int end = html.indexOf("</script>", start);
        assertThat(html.substring(start, end)).contains("Chart.js");
        return html.substring(0, start) + "CHART.JS" + html.substring(end);
    }

    private static Path golden(String name) {
        return resource("/golden/" + name + "/summary.json").getParent();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static Path resource(String path) {
        URL url = ReportGoldenTests.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("no test resource " + path);
        }
        try {
            return Path.of(url.toURI());
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

}
