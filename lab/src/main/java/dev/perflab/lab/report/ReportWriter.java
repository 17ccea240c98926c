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
     * The model as the templates read it: a section that may be absent is a list of zero
     * or one element, and a table's cells say whether they hold text (left-aligned in
     * HTML).
     */
    private static Map<String, Object> view(ReportModel model) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("title", model.title());
        view.put("machineLine", model.machineLine());
        view.put("error", optional(model.error()));
        view.put("main", table(model.main()));
        view.put("cores", model.cores() == null ? List.of()
                : List.of(Map.of("count", model.cores(), "percent", model.cores() * 100)));
        view.put("times", table(model.times()));
        view.put("hotspots", table(model.hotspots()));
        view.put("profiler", model.profiler());
        view.put("warmup", table(model.warmup()));
        view.put("hasFaults", !model.faults().isEmpty());
        view.put("faults", model.faults());
        view.put("sweep", model.sweep() == null ? List.of() : table(model.sweep()));
        view.put("samplerCost", optional(model.samplerCost()));
        view.put("verdicts", table(model.verdicts()));
        view.put("intervals", table(model.intervals()));
        view.put("noiseFloor", optional(model.noiseFloor()));
        view.put("atRate", table(model.atRate()));
        view.put("atRateNote", optional(model.atRateNote()));
        view.put("bounds", table(model.bounds()));
        view.put("capacity", table(model.capacity()));
        view.put("capacityExplained", optional(model.capacityExplained()));
        view.put("jvmCosts", table(model.jvmCosts()));
        view.put("runtimes", table(model.runtimes()));
        view.put("warmupReasons", model.warmupReasons());
        return view;
    }

    private static List<Object> optional(Object value) {
        return value == null ? List.of() : List.of(value);
    }

    private static List<Map<String, Object>> table(ReportModel.Table table) {
        if (table.isEmpty()) {
            return List.of();
        }
        List<Map<String, Object>> rows = table.rows()
            .stream()
            .map(row -> Map.<String, Object>of("cells",
                    IntStream.range(0, row.size())
                        .mapToObj(c -> Map.of("value", row.get(c), "text", c == 1 || c == row.size() - 1))
                        .toList()))
            .toList();
        return List.of(Map.of("header", table.header(), "rows", rows));
    }

    private static String chartJs() {
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
