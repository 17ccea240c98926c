package dev.perflab.lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;

import dev.perflab.lab.LabException;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.run.Warmup;
import dev.perflab.lab.stats.StatsLog;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * Writes {@code report.md} and a self-contained {@code report.html} (Chart.js inlined, no network
 * needed) from what a run left in its folder: {@code run.json}, {@code summary.json} and each
 * rung's {@code stats.log}. So {@code make report} can regenerate it without re-running anything.
 */
public final class ReportWriter {

    private final RunFolder run;
    private final JsonNode info;
    private final List<RungResult> rungs;
    private final Optional<String> error;

    public ReportWriter(RunFolder run, JsonNode info, List<RungResult> rungs, Optional<String> error) {
        this.run = run;
        this.info = info;
        this.rungs = rungs;
        this.error = error;
    }

    /** Writes the report from what the folder holds: run.json, summary.json and error.txt if any. */
    public static void writeFrom(RunFolder run) {
        JsonNode info = RunFolder.JSON.readTree(run.resolve("run.json").toFile());
        JsonNode summary = RunFolder.JSON.readTree(run.resolve("summary.json").toFile());
        List<RungResult> rungs = RunFolder.JSON.convertValue(summary.path("rungs"), new TypeReference<List<RungResult>>() { });
        Optional<String> error = Optional.empty();
        java.nio.file.Path errorFile = run.resolve("error.txt");
        if (java.nio.file.Files.isRegularFile(errorFile)) {
            try {
                error = Optional.of(java.nio.file.Files.readString(errorFile).trim());
            }
            catch (IOException ex) {
                throw new LabException("cannot read " + errorFile + ": " + ex.getMessage(), ex);
            }
        }
        new ReportWriter(run, info, rungs, error).write();
    }

    public void write() {
        run.writeText("report.md", markdown());
        run.writeText("report.html", html());
    }

    String title() {
        return "Gateway Performance Lab: " + info.path("command").asString();
    }

    String machineLine() {
        JsonNode machine = info.path("machine");
        JsonNode p = info.path("parameters");
        return String.format(Locale.ROOT, "%s, %s cores, %s; runtime %s; commit %s%s; started %s; wrk -t%s -c%s -d%s --timeout %s, repeat %s, load generator on the same host",
                machine.path("cpu_model").asString(), machine.path("cores").asString(), info.path("jdk").asString(),
                info.path("runtime").asString(), shortCommit(), info.path("git_dirty").asBoolean() ? " (with uncommitted changes)" : "",
                info.path("started").asString(), p.path("threads").asString(), p.path("connections").asString(),
                p.path("duration").asString(), p.path("timeout").asString(), p.path("repeat").asString());
    }

    private String shortCommit() {
        String commit = info.path("git_commit").asString();
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    private Optional<RungResult> reference(String target) {
        return rungs.stream().filter(r -> r.target().equals(target) && r.measured()).findFirst();
    }

    /** The rows of the main table, shared by both formats. */
    List<List<String>> table() {
        List<String> services = services();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("rung", "profiles", "req/s", "cv", "x baseline", "x nginx", "p50 ms", "p90 ms",
                "p99 ms", "max ms", "errors"));
        services.forEach(s -> header.add("CPU " + s + " %"));
        header.add("what changed");
        rows.add(header);
        Optional<RungResult> baseline = reference("backend");
        Optional<RungResult> nginx = reference("nginx");
        for (RungResult r : rungs) {
            List<String> row = new ArrayList<>();
            row.add(r.name());
            row.add(r.rung().profiles().isEmpty() ? "-" : String.join(",", r.rung().profiles()));
            if (!r.measured()) {
                row.add("skipped: " + (r.skipped() == null ? "not measured" : r.skipped()));
                while (row.size() < header.size() - 1) {
                    row.add("");
                }
            }
            else {
                row.add(String.format(Locale.ROOT, "%,.0f", r.throughput().rps()));
                row.add(r.throughput().cv() == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", r.throughput().cv() * 100));
                row.add(ratio(r, baseline));
                row.add(ratio(r, nginx));
                row.add(ms(r.latency().p50()));
                row.add(ms(r.latency().p90()));
                row.add(ms(r.latency().p99()));
                row.add(ms(r.latency().max()));
                row.add(Long.toString(r.throughput().errors()));
                services.forEach(s -> row.add(Optional.ofNullable(r.cpu()).map(c -> c.of(s)).map(v -> String.format(Locale.ROOT, "%.0f", v)).orElse("")));
            }
            row.add(r.rung().changes());
            rows.add(row);
        }
        return rows;
    }

    List<List<String>> timeTable() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("rung", "client latency (wrk mean) ms", "gateway server time (mean) ms", "auth call (mean) ms", "mode the gateway reported"));
        for (RungResult r : rungs) {
            if (r.measured() && r.target().equals("gateway")) {
                rows.add(List.of(r.name(), ms(r.latency().clientMean()), ms(r.times().serverMs()), ms(r.times().authCallMs()),
                        r.mode() == null ? "" : r.mode().toString()));
            }
        }
        return rows;
    }

    /** One row per profiled rung: the verdict and the largest groups of event-loop samples. */
    List<List<String>> hotspotTable() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("rung", "profiler", "verdict (event-loop threads)", "largest groups", "profiler cost: req/s with / without"));
        for (RungResult r : rungs) {
            if (r.profile().hotspot() != null) {
                String groups = r.profile().hotspotShares() == null ? "" : String.join(", ", r.profile().hotspotShares().entrySet().stream().limit(4)
                    .map(e -> String.format(Locale.ROOT, "%s %.0f %%", e.getKey(), e.getValue() * 100)).toList());
                String verdict = r.profile().hotspot();
                if (r.profile().evidence() != null && r.profile().evidence().get("event_loop_socket_reads") instanceof Number reads) {
                    verdict += String.format(Locale.ROOT, "; JFR: %,d socket reads on the event loop, %,.0f ms", reads.longValue(),
                            ((Number) r.profile().evidence().getOrDefault("event_loop_socket_read_ms", 0)).doubleValue());
                }
                RungResult.ProfilerCost cost = r.profile().cost();
                rows.add(List.of(r.name(), r.profile().profiler() == null ? "" : r.profile().profiler(), verdict, groups, cost == null ? ""
                        : String.format(Locale.ROOT, "%,.0f / %,.0f = %.2f", cost.rpsWith(), cost.rpsWithout(), cost.ratio())));
            }
        }
        return rows;
    }

    /** Per measured rung: how long the warm-up took and what the first 10 s from a cold start read against the measured window. */
    List<List<String>> warmupTable() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("rung", "warm-up s", "steady", "probes (req/s)", "first 10 s req/s", "first 10 s / measured"));
        for (RungResult r : rungs) {
            if (!r.measured() || r.warmup().probes() == null || r.warmup().probes().isEmpty()) {
                continue;
            }
            Double cold = Warmup.coldReading(r.warmup().probes(), r.warmup().probeSeconds() == null ? 0 : r.warmup().probeSeconds(), 10);
            rows.add(List.of(r.name(), r.warmup().seconds() == null ? "" : String.format(Locale.ROOT, "%.0f", r.warmup().seconds()),
                    Boolean.TRUE.equals(r.warmup().steady()) ? "yes" : "no",
                    String.join(" ", r.warmup().probes().stream().map(v -> String.format(Locale.ROOT, "%,.0f", v)).toList()),
                    cold == null ? "" : String.format(Locale.ROOT, "%,.0f", cold),
                    cold == null || r.throughput().rps() == 0 ? "" : String.format(Locale.ROOT, "%.2f", cold / r.throughput().rps())));
        }
        return rows;
    }

    /** The lines of every rung's faults.log (FAULTS=...), prefixed with the rung. */
    List<String> faultLines() {
        List<String> lines = new ArrayList<>();
        for (RungResult r : rungs) {
            if (r.dir() == null) {
                continue;
            }
            Path log = run.dir().resolve(r.dir()).normalize().resolve("faults.log");
            if (Files.isRegularFile(log)) {
                try {
                    Files.readAllLines(log).forEach(line -> lines.add(r.name() + "   " + line));
                }
                catch (IOException ex) {
                    lines.add(r.name() + "   (faults.log unreadable: " + ex.getMessage() + ")");
                }
            }
        }
        return lines;
    }

    private List<String> services() {
        TreeMap<String, Boolean> seen = new TreeMap<>();
        rungs.stream().filter(RungResult::measured).forEach(r -> r.cpu().percent().keySet().forEach(s -> seen.put(s, true)));
        return List.copyOf(seen.keySet());
    }

    private static String ratio(RungResult r, Optional<RungResult> reference) {
        return reference.filter(ref -> ref.throughput().rps() > 0).map(ref -> String.format(Locale.ROOT, "%.2f", r.throughput().rps() / ref.throughput().rps())).orElse("");
    }

    private static String ms(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.2f", value);
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# ").append(title()).append("\n\n");
        md.append(machineLine()).append("\n\n");
        error.ifPresent(e -> md.append("**The run stopped early:** ").append(e).append("\n\n"));
        appendMarkdownTable(md, table());
        md.append("\ncv is the coefficient of variation of req/s over the REPEAT runs (n/a with one run). Ratios are against the baseline (business-service alone) and the nginx reference of this same run. CPU is the mean over the measured window, in % of one core (")
            .append(Runtime.getRuntime().availableProcessors()).append(" cores = ").append(Runtime.getRuntime().availableProcessors() * 100)
            .append(" %). Latency percentiles are wrk's (closed-loop load: they exclude the time a request would have waited to be sent).\n");
        if (timeTable().size() > 1) {
            md.append("\n## Where the time goes\n\n");
            appendMarkdownTable(md, timeTable());
            md.append("\nClient latency is wrk's mean; the gateway's server time is Reactor Netty's response time; the auth call is the gateway's `lab.auth.call` timer (allowed calls), each over the measured window.\n");
        }
        if (hotspotTable().size() > 1) {
            md.append("\n## Hotspots\n\n");
            appendMarkdownTable(md, hotspotTable());
            md.append("\nFrom ").append(info.path("parameters").path("profiler").asString())
                .append(". The profiled window runs the same load right after the measured one, so the rung's figures above are unprofiled "
                        + "and the last column is the profiler's own cost. Details in each rung's hotspots.md and flamegraph.html.\n");
        }
        if (warmupTable().size() > 1) {
            md.append("\n## Warm-up\n\n");
            appendMarkdownTable(md, warmupTable());
            md.append("\nEach probe is a short wrk run on the freshly started apps; the warm-up ends when three agree within 3 %. "
                    + "The first 10 s column is what a fixed 10 s run right after start would have reported.\n");
        }
        List<String> faults = faultLines();
        if (!faults.isEmpty()) {
            md.append("\n## Faults injected\n\nauth-service's `/admin/fault` during the measured window (FAULTS); the timestamps match stats.log.\n\n```\n");
            faults.forEach(line -> md.append(line).append('\n'));
            md.append("```\n");
        }
        sweepTable().ifPresent(table -> {
            md.append("\n## Auth latency sweep (req/s)\n\n");
            appendMarkdownTable(md, table);
        });
        rungs.stream().filter(RungResult::measured).map(r -> r.cpu().samplerPercent()).filter(v -> v != null).reduce(Math::max)
            .ifPresent(cost -> md.append(String.format(Locale.ROOT, "%nThe /proc stats sampler used at most %.2f %% of one core in any rung.%n", cost)));
        md.append("\nCharts: report.html. Raw data: each rung's wrk.txt, wrk.json, stats.log, scrapes/ and logs/.\n");
        return md.toString();
    }

    private static void appendMarkdownTable(StringBuilder md, List<List<String>> rows) {
        for (int i = 0; i < rows.size(); i++) {
            md.append("| ").append(String.join(" | ", rows.get(i).stream().map(c -> c.replace("|", "\\|")).toList())).append(" |\n");
            if (i == 0) {
                md.append("|").append("---|".repeat(rows.get(0).size())).append("\n");
            }
        }
    }

    Optional<List<List<String>>> sweepTable() {
        if (!isSweep()) {
            return Optional.empty();
        }
        Map<String, Map<String, String>> byClient = new LinkedHashMap<>();
        List<String> latencies = new ArrayList<>();
        for (RungResult r : rungs) {
            String client = client(r);
            if (!latencies.contains(r.rung().authLatency())) {
                latencies.add(r.rung().authLatency());
            }
            byClient.computeIfAbsent(client, c -> new LinkedHashMap<>())
                .put(r.rung().authLatency(), r.measured() ? String.format(Locale.ROOT, "%,.0f", r.throughput().rps()) : "skipped");
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("client"));
        latencies.forEach(l -> header.add("auth " + l));
        rows.add(header);
        byClient.forEach((client, values) -> {
            List<String> row = new ArrayList<>(List.of(client));
            latencies.forEach(l -> row.add(values.getOrDefault(l, "")));
            rows.add(row);
        });
        List<String> bound = new ArrayList<>(List.of("bound, blocked event loop"));
        latencies.forEach(l -> bound.add(Optional.ofNullable(bound(l)).map(b -> String.format(Locale.ROOT, "%,.0f", b)).orElse("-")));
        rows.add(bound);
        return Optional.of(rows);
    }

    /** The sweep point's client, as the sweep declared it; runs from before the axes were stored name it first among the profiles. */
    private static String client(RungResult r) {
        if (r.rung().axes() != null && r.rung().axes().containsKey("client")) {
            return r.rung().axes().get("client");
        }
        return r.rung().profiles().isEmpty() ? "reactive" : r.rung().profiles().get(0);
    }

    private boolean isSweep() {
        return info.path("command").asString().equals("sweep");
    }

    /** min(event-loop threads, connections) / auth latency: what a blocked event loop allows at most. */
    Double bound(String latency) {
        double seconds = latencySeconds(latency);
        int loops = rungs.stream().filter(r -> r.mode() != null && r.mode().containsKey("event_loop_threads"))
            .mapToInt(r -> Integer.parseInt(r.mode().get("event_loop_threads"))).findFirst().orElse(0);
        int connections = info.path("parameters").path("connections").asInt(0);
        if (seconds <= 0 || loops <= 0) {
            return null;
        }
        return Math.min(loops, connections) / seconds;
    }

    static double latencySeconds(String latency) {
        if (latency == null) {
            return 0;
        }
        String l = latency.trim();
        if (l.equals("0")) {
            return 0;
        }
        String lower = l.contains("-") ? l.substring(0, l.indexOf('-')) : l;
        double value = Double.parseDouble(lower.replaceAll("[a-z]+$", ""));
        if (lower.endsWith("us")) {
            return value / 1e6;
        }
        if (lower.endsWith("ms")) {
            return value / 1e3;
        }
        return lower.endsWith("s") ? value : value / 1e3;
    }

    String html() {
        StringBuilder body = new StringBuilder("<h1>").append(escape(title())).append("</h1>\n");
        body.append("<p class=\"meta\">").append(escape(machineLine())).append("</p>\n");
        error.ifPresent(e -> body.append("<p class=\"error\">The run stopped early: ").append(escape(e)).append("</p>\n"));
        appendHtmlTable(body, table());
        body.append("<div class=\"charts\">\n");
        body.append("<div class=\"chart\"><h2>Requests per second</h2><canvas id=\"rps\" width=\"640\" height=\"360\"></canvas></div>\n");
        body.append("<div class=\"chart\"><h2>Latency percentiles</h2><canvas id=\"latency\" width=\"640\" height=\"360\"></canvas></div>\n");
        if (isSweep()) {
            body.append("<div class=\"chart\"><h2>Auth latency sweep</h2><canvas id=\"sweep\" width=\"640\" height=\"360\"></canvas></div>\n");
        }
        List<Map<String, Object>> cpu = cpuSeries();
        for (int i = 0; i < cpu.size(); i++) {
            body.append("<div class=\"chart\"><canvas id=\"cpu-").append(i).append("\" width=\"640\" height=\"300\"></canvas></div>\n");
        }
        body.append("</div>\n");
        if (timeTable().size() > 1) {
            body.append("<h2>Where the time goes</h2>\n");
            appendHtmlTable(body, timeTable());
        }
        if (hotspotTable().size() > 1) {
            body.append("<h2>Hotspots</h2>\n");
            appendHtmlTable(body, hotspotTable());
        }
        if (warmupTable().size() > 1) {
            body.append("<h2>Warm-up</h2>\n");
            appendHtmlTable(body, warmupTable());
        }
        sweepTable().ifPresent(table -> {
            body.append("<h2>Auth latency sweep (req/s)</h2>\n");
            appendHtmlTable(body, table);
        });
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rungs", rungs);
        data.put("cpu", cpu);
        if (isSweep()) {
            data.put("sweep", sweepData());
        }
        String json = RunFolder.JSON.writeValueAsString(data).replace("</", "<\\/");
        return template().replace("@TITLE@", escape(title())).replace("@BODY@", body).replace("@CHARTJS@", chartJs()).replace("@DATA@", json);
    }

    private Map<String, Object> sweepData() {
        List<String> latencies = rungs.stream().map(r -> r.rung().authLatency()).distinct().toList();
        Map<String, List<Double>> byClient = new LinkedHashMap<>();
        for (RungResult r : rungs) {
            String client = client(r);
            byClient.computeIfAbsent(client, c -> new ArrayList<>()).add(r.measured() ? r.throughput().rps() : null);
        }
        Map<String, Object> sweep = new LinkedHashMap<>();
        sweep.put("latencies_ms", latencies.stream().map(l -> latencySeconds(l) * 1000).toList());
        sweep.put("series", byClient.entrySet().stream().map(e -> Map.of("client", e.getKey(), "rps", e.getValue())).toList());
        sweep.put("bound", latencies.stream().map(this::bound).toList());
        return sweep;
    }

    /** Per measured rung, each service's CPU % over seconds since the rung's first sample. */
    List<Map<String, Object>> cpuSeries() {
        List<Map<String, Object>> series = new ArrayList<>();
        for (RungResult r : rungs) {
            if (!r.measured() || r.dir() == null) {
                continue;
            }
            StatsLog log = StatsLog.read(run.dir().resolve(r.dir()).normalize().resolve("stats.log"));
            if (log.lines().isEmpty()) {
                continue;
            }
            LocalDateTime start = log.lines().get(0).time();
            Map<String, Object> services = new LinkedHashMap<>();
            log.byService().forEach((name, lines) -> services.put(name,
                    lines.stream().map(line -> List.of(Duration.between(start, line.time()).toSeconds(), line.cpuPercent())).toList()));
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("rung", r.name());
            one.put("services", services);
            series.add(one);
        }
        return series;
    }

    private static void appendHtmlTable(StringBuilder html, List<List<String>> rows) {
        html.append("<table>\n");
        for (int i = 0; i < rows.size(); i++) {
            String cell = i == 0 ? "th" : "td";
            html.append("<tr>");
            List<String> row = rows.get(i);
            for (int c = 0; c < row.size(); c++) {
                boolean text = c == row.size() - 1 || c == 1;
                html.append('<').append(cell).append(text && i > 0 ? " class=\"text\"" : "").append('>')
                    .append(escape(row.get(c))).append("</").append(cell).append('>');
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String template() {
        return resource("report.html", Function.identity());
    }

    private static String chartJs() {
        String version = resource("report.properties", text -> {
            Properties properties = new Properties();
            try {
                properties.load(new java.io.StringReader(text));
            }
            catch (IOException ex) {
                throw new LabException("cannot read report.properties", ex);
            }
            return properties.getProperty("chartjs.version");
        });
        String path = "/META-INF/resources/webjars/chart.js/" + version + "/dist/chart.umd.min.js";
        try (InputStream in = ReportWriter.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new LabException("Chart.js " + version + " is not on the class path (" + path + "): rebuild with make build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        }
        catch (IOException ex) {
            throw new LabException("cannot read Chart.js: " + ex.getMessage(), ex);
        }
    }

    private static String resource(String name, Function<String, String> then) {
        try (InputStream in = ReportWriter.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new LabException("report resource " + name + " is missing from the lab jar: rebuild with make build");
            }
            return then.apply(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + name + ": " + ex.getMessage(), ex);
        }
    }

}
