package dev.perflab.lab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.Captured;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.run.RunFolder;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The templates render the model as report.md and report.html always did. */
class ReportWriterTests {

    private static final Path LADDER = Captured.folder("run-lab-interrupted");

    @Test
    void markdownIsTheReportTheRunItselfWrote() {
        // report.md in the captured folder is what the runner wrote at the end of that
        // run, before the templates; since then one sentence names the knob REPEAT by its
        // new name, PASSES, and nothing else changed
        assertThat(ReportWriter.markdown(ReportModel.read(LADDER)))
            .isEqualTo(Captured.read("run-lab-interrupted/report.md")
                .replace("over the REPEAT runs (n/a with one run)", "over the passes (PASSES; n/a with one pass)"));
    }

    @Test
    void htmlHasTheTablesAndOneCanvasPerChartWithChartJsInlined() {
        String html = ReportWriter.html(ReportModel.read(LADDER));
        assertThat(canvases(html)).containsExactly("rps", "cpu-per-request", "latency", "cpu-0", "cpu-1");
        assertThat(html).startsWith("<!DOCTYPE html>")
            .contains("<title>Gateway Performance Lab: lab</title>")
            .contains("<p class=\"error\">The run stopped early: interrupted (Ctrl-C or SIGTERM)")
            .contains("<tr><td>baseline</td><td class=\"text\">-</td><td>7,087</td>")
            .contains("<h2>Where the time goes</h2>")
            .contains("<h2>Warm-up</h2>")
            .doesNotContain("<h2>Hotspots</h2>")
            .contains("Chart.js v4")
            .doesNotContainPattern("<script[^>]+src=")
            .doesNotContain("{{");
        assertThat(html).contains("const data = {")
            .contains("\"cpu\" : [ {")
            .contains("\"rung\" : \"baseline\"")
            .doesNotContain("\"sweep\" :");
    }

    @Test
    void sweepHtmlHasItsChartAndData() {
        String html = ReportWriter.html(ReportModel.read(Captured.folder("run-sweep")));
        assertThat(canvases(html)).containsExactly("rps", "cpu-per-request", "latency", "sweep");
        assertThat(html).contains("<h2>Auth latency sweep (req/s)</h2>")
            .contains("\"latencies_ms\" : [ 0.0, 5.0 ]")
            .contains(
                    "<tr><td>bound, blocked event loop</td><td class=\"text\">-</td><td class=\"text\">800</td></tr>");
    }

    @Test
    void cellsAreEscapedForTheirFormat() {
        JsonNode info = RunFolder.JSON.readTree(LADDER.resolve("run.json").toFile());
        ArrayNode rungs = (ArrayNode) RunFolder.JSON.readTree(LADDER.resolve("summary.json").toFile()).path("rungs");
        ((ObjectNode) rungs.get(0)).put("changes", "a|b <c> & \"d\"");
        ReportModel model = ReportModel.of(LADDER, info,
                RunFolder.JSON.convertValue(rungs, new TypeReference<List<RungResult>>() {
                }), null);
        assertThat(ReportWriter.markdown(model)).contains("| a\\|b <c> & \"d\" |");
        assertThat(ReportWriter.html(model)).contains("<td class=\"text\">a|b &lt;c&gt; &amp; &quot;d&quot;</td>");
    }

    private static List<String> canvases(String html) {
        Matcher canvas = Pattern.compile("<canvas id=\"([a-z0-9-]+)\"").matcher(html);
        return canvas.results().map(m -> m.group(1)).toList();
    }

}
