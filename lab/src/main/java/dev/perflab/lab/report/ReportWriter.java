package dev.perflab.lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.IntStream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RunJson;

/**
 * Writes {@code report.md} and a self-contained {@code report.html} (Chart.js inlined, no
 * network needed) from a {@link ReportModel} of what a run left in its folder, so
 * {@code make report} can regenerate it without re-running anything. The layout is in
 * {@code templates/report.*.mustache}.
 */
public final class ReportWriter {

    private ReportWriter() {
    }

    public static String markdown(ReportModel model) {
        return Templates.compile("report.md", Templates.MARKDOWN).execute(view(model));
    }

    public static String html(ReportModel model) {
        Map<String, Object> view = view(model);
        view.put("cpuCharts", IntStream.range(0, model.charts().cpu().size()).boxed().toList());
        view.put("chartJs", chartJs());
        view.put("data", RunJson.MAPPER.writeValueAsString(model.charts()).replace("</", "<\\/"));
        return Templates.compile("report.html", Templates.HTML).execute(view);
    }

    /**
     * The model as the templates read it: each section under its partial's name, a list
     * of zero or one view so that a section the run has nothing for leaves no trace.
     */
    private static Map<String, Object> view(ReportModel model) {
        Map<String, Object> view = new LinkedHashMap<>();
        section(view, "header", model.header());
        section(view, "headline", model.headline());
        section(view, "rungs", model.main());
        section(view, "verdicts", model.verdicts());
        section(view, "intervals", model.intervals());
        section(view, "jvmCosts", model.jvmCosts());
        section(view, "runtimes", model.runtimes());
        section(view, "atRate", model.atRate());
        section(view, "capacity", model.capacity());
        section(view, "bounds", model.bounds());
        section(view, "times", model.times());
        section(view, "hotspots", model.hotspots());
        section(view, "warmup", model.warmup());
        section(view, "faults", model.faults());
        section(view, "sweep", model.sweep());
        section(view, "samplerCost", model.samplerCost());
        return view;
    }

    private static void section(Map<String, Object> view, String name, Section section) {
        Map<String, Object> fields = section.view();
        view.put(name, fields == null ? List.of() : List.of(fields));
    }

    /** Chart.js as the lab ships it, ready to inline in a script element. */
    public static String chartJs() {
        String version;
        try (InputStream in = ReportWriter.class.getResourceAsStream("report.properties")) {
            if (in == null) {
                throw new LabException(
                        "report resource report.properties is missing from the lab jar: rebuild with make build");
            }
            Properties properties = new Properties();
            properties.load(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            version = properties.getProperty("chartjs.version");
        }
        catch (IOException ex) {
            throw new LabException("cannot read report.properties: " + ex.getMessage(), ex);
        }
        String path = "/META-INF/resources/webjars/chart.js/" + version + "/dist/chart.umd.min.js";
        try (InputStream in = ReportWriter.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new LabException(
                        "Chart.js " + version + " is not on the class path (" + path + "): rebuild with make build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        }
        catch (IOException ex) {
            throw new LabException("cannot read Chart.js: " + ex.getMessage(), ex);
        }
    }

}
