package dev.perflab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.perflab.common.LatencySpec;
import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.capacity.Point;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.Ratio;
import dev.perflab.lab.verdict.StepVerdict;
import dev.perflab.lab.result.RunJson;
import dev.perflab.lab.stats.StatsLog;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * What a report shows, built once from a run's folder ({@code run.json},
 * {@code summary.json}, {@code error.txt}, each rung's {@code stats.log} and
 * {@code faults.log}): the tables as rows of text and the charts' series as numbers. The
 * templates only lay it out. Facts about the machine come from run.json alone, so a
 * report written elsewhere still describes the machine that ran.
 */
public record ReportModel(String title, String machineLine, Integer cores, String error, Table main, Table times,
        Table hotspots, Table warmup, List<String> faults, Table sweep, String samplerCost, String profiler,
        Charts charts, Table verdicts, Table intervals, String noiseFloor, Table atRate, String atRateNote,
        Table bounds, Table capacity, String capacityExplained, Table jvmCosts, Table runtimes, boolean warmupReasons) {

    /**
     * A header and its rows, each cell as printed. Empty when nothing qualified for it.
     */
    public record Table(List<String> header, List<List<String>> rows) {

        public boolean isEmpty() {
            return rows.isEmpty();
        }
    }

    /**
     * What report.html's script draws: every rung as in summary.json, CPU over time per
     * rung, the sweep.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Charts(List<RungResult> rungs, List<CpuSeries> cpu, SweepSeries sweep) {
    }

    /**
     * One rung's CPU % per service, as [seconds since the rung's first sample, % of one
     * core] points.
     */
    public record CpuSeries(String rung, Map<String, List<List<Number>>> services) {
    }

    /**
     * req/s per client at each auth latency (null where a point was skipped or missing),
     * and the blocked-loop bound.
     */
    public record SweepSeries(@JsonProperty("latencies_ms") List<Double> latenciesMs, List<ClientSeries> series,
            List<Double> bound) {
    }

    /**
     * One client's req/s at each auth latency, and next to it the bound its own
     * measurements give at each point: event-loop threads / auth-call time for the
     * blocking client, cores / CPU ms per request for the others.
     */
    public record ClientSeries(String client, List<Double> rps, List<Double> bound) {
    }

    /** Reads the folder a run left. */
    public static ReportModel read(Path dir) {
        JsonNode info = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile());
        JsonNode summary = RunJson.MAPPER.readTree(dir.resolve("summary.json").toFile());
        List<RungResult> rungs = RunJson.MAPPER.convertValue(summary.path("rungs"),
                new TypeReference<List<RungResult>>() {
                });
        String error = null;
        Path errorFile = dir.resolve("error.txt");
        if (Files.isRegularFile(errorFile)) {
            try {
                error = Files.readString(errorFile).trim();
            }
            catch (IOException ex) {
                throw new LabException("cannot read " + errorFile + ": " + ex.getMessage(), ex);
            }
        }
        return of(dir, info, rungs, error);
    }

    /**
     * The model of these results; {@code dir} is where each rung's {@code dir}
     * (stats.log, faults.log) is found.
     */
    public static ReportModel of(Path dir, JsonNode info, List<RungResult> rungs, String error) {
        return new Builder(dir, info, rungs).build(error);
    }

    /**
     * The lower and upper bound's mean, in seconds: what one request waits for on
     * average. Null for none.
     */
    static Double latencySeconds(String rung, String latency) {
        if (latency == null) {
            return null;
        }
        try {
            LatencySpec spec = LatencySpec.parse(latency);
            return spec.isNone() ? 0.0 : (spec.minNanos() + spec.maxNanos()) / 2.0 / 1e9;
        }
        catch (IllegalArgumentException ex) {
            throw new LabException("summary.json: rung " + rung + ": " + ex.getMessage());
        }
    }

    private static final class Builder {

        private final Path dir;

        private final JsonNode info;

        private final List<RungResult> rungs;

        Builder(Path dir, JsonNode info, List<RungResult> rungs) {
            this.dir = dir;
            this.info = info;
            this.rungs = rungs;
        }

        ReportModel build(String error) {
            JsonNode cores = info.path("machine").path("cores");
            boolean sweep = info.path("command").asString().equals("sweep");
            List<SweepPoint> points = sweep ? sweepPoints() : List.of();
            return new ReportModel("Gateway Performance Lab: " + info.path("command").asString(), machineLine(),
                    cores.isNumber() ? cores.asInt() : null, error, mainTable(), timeTable(), hotspotTable(),
                    warmupTable(), faultLines(), sweep ? sweepTable(points) : null, samplerCost(),
                    info.path("parameters").path("profiler").asString(),
                    new Charts(rungs, cpuSeries(), sweep ? sweepSeries(points) : null), verdictTable(), intervalTable(),
                    noiseFloor(), atRateTable(), atRateNote(), boundsTable(), capacityTable(), capacityExplained(),
                    JvmSections.costs(rungs), JvmSections.runtime(rungs), warmupReasons());
        }

        /**
         * Each rung against the one before it: req/s and the proxy's CPU per request,
         * ratio, interval and verdict.
         */
        private Table verdictTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                StepVerdict step = r.verdict();
                if (step == null || step.rps() == null) {
                    continue;
                }
                List<String> row = new ArrayList<>(
                        List.of(r.name(), step.against(), ratioWithInterval(step.rps()), verdictWords(step.rps()),
                                ratioWithInterval(step.proxyCpuPerRequest()), verdictWords(step.proxyCpuPerRequest())));
                if (anyAtRate()) {
                    row.add(ratioWithInterval(step.proxyCpuAtRate()));
                    row.add(verdictWords(step.proxyCpuAtRate()));
                }
                if (anyBytes()) {
                    row.add(ratioWithInterval(step.gatewayBytesPerRequest(), 3));
                    row.add(verdictWords(step.gatewayBytesPerRequest()));
                    row.add(step.carriedBy() == null || step.carriedBy().isEmpty() ? "nothing beyond noise"
                            : String.join(", ", step.carriedBy().stream().map(ReportModel::metricName).toList()));
                }
                rows.add(row);
            }
            List<String> header = new ArrayList<>(List.of("rung", "against", "req/s: ratio [95 % interval]",
                    "req/s verdict", "proxy CPU per request: ratio [95 % interval]", "CPU verdict"));
            if (anyAtRate()) {
                header.add("at " + offeredRate() + " req/s: proxy CPU per request ratio [95 % interval]");
                header.add("CPU verdict at " + offeredRate() + " req/s");
            }
            if (anyBytes()) {
                header.add("gateway bytes per request: ratio [95 % interval]");
                header.add("bytes verdict");
                header.add("carried by");
            }
            return new Table(header, rows);
        }

        /**
         * Whether any step compared the bytes the gateway allocated per request (runs
         * that counted them).
         */
        private boolean anyBytes() {
            return rungs.stream().anyMatch(r -> r.verdict() != null && r.verdict().gatewayBytesPerRequest() != null);
        }

        /**
         * Whether the warm-ups said why they ended (runs since the reason was recorded).
         */
        private boolean warmupReasons() {
            return rungs.stream().anyMatch(r -> r.warmup() != null && r.warmup().reason() != null);
        }

        private boolean anyAtRate() {
            return rungs.stream().anyMatch(r -> r.atRate() != null);
        }

        private String offeredRate() {
            return rungs.stream()
                .filter(r -> r.atRate() != null)
                .findFirst()
                .map(r -> String.format(Locale.ROOT, "%,.0f", r.atRate().offered()))
                .orElse("");
        }

        /**
         * Each rung at the fixed offered rate: achieved req/s, p99, the proxy's and the
         * load generator's CPU ms per request with intervals, and the cv between passes
         * of the proxy's.
         */
        private Table atRateTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                RungResult.AtRate at = r.atRate();
                if (at == null) {
                    continue;
                }
                if (!at.measured()) {
                    rows.add(List.of(r.name(), "not offered: " + at.skipped(), "", "", "", "", "", "", ""));
                    continue;
                }
                Intervals i = at.intervals();
                Estimate cpu = proxyCpu(i);
                Estimate generator = i.cpuMsPerRequest() == null ? null : i.cpuMsPerRequest().get("load-generator");
                rows.add(List.of(r.name(), String.format(Locale.ROOT, "%,.0f", i.rps().mean()),
                        i.p99Ms() == null ? "" : String.format(Locale.ROOT, "%.2f", i.p99Ms().mean()),
                        cpu == null ? "" : String.format(Locale.ROOT, "%.3f", cpu.mean()), interval(cpu, "%.3f"),
                        halfWidth(cpu),
                        cpu == null || cpu.n() < 2 || i.covers().startsWith("within") ? "n/a"
                                : String.format(Locale.ROOT, "%.1f %%", cv(cpu.values()) * 100),
                        generator == null ? "" : String.format(Locale.ROOT, "%.3f", generator.mean()), i.covers()));
            }
            return new Table(List.of("rung", "achieved req/s", "p99 ms", "proxy CPU ms per request", "95 % interval",
                    "+-", "cv between passes", "load generator CPU ms per request", "intervals cover"), rows);
        }

        private String atRateNote() {
            if (!anyAtRate()) {
                return null;
            }
            return "After its closed loop each rung was offered " + offeredRate()
                    + " req/s at a constant rate (CPU_RATE), below saturation, " + "measured after 3 s to settle: "
                    + "there the CPU a request costs is not just the mirror of req/s it is at the closed loop's maximum; the cv between passes says how "
                    + "steady it was in this run. "
                    + "A rung whose closed loop did not reach 1.25 x that rate is not offered it. The proxy is the gateway, or nginx in the reference "
                    + "rung; the baseline has none and shows its load generator only.";
        }

        private static double cv(List<Double> values) {
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            if (values.size() < 2 || mean == 0) {
                return 0;
            }
            double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            return Math.sqrt(squares / (values.size() - 1)) / mean;
        }

        /**
         * Each rung's req/s, p99 and the proxy's CPU ms per request with their 95 %
         * intervals, and what variance they cover.
         */
        private Table intervalTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                Intervals i = r.intervals();
                if (!r.measured() || i == null || i.rps() == null) {
                    continue;
                }
                Estimate cpu = proxyCpu(i);
                rows.add(List.of(r.name(), String.format(Locale.ROOT, "%,.0f", i.rps().mean()),
                        interval(i.rps(), "%,.0f"), halfWidth(i.rps()),
                        i.p99Ms() == null ? "" : String.format(Locale.ROOT, "%.2f", i.p99Ms().mean()),
                        interval(i.p99Ms(), "%.2f"), cpu == null ? "" : String.format(Locale.ROOT, "%.3f", cpu.mean()),
                        interval(cpu, "%.3f"), halfWidth(cpu), i.covers()));
            }
            return new Table(List.of("rung", "req/s", "95 % interval", "+-", "p99 ms", "95 % interval",
                    "proxy CPU ms per request", "95 % interval", "+-", "intervals cover"), rows);
        }

        /**
         * The smallest change this run can tell from noise: the median half-width of the
         * gateway rungs' intervals.
         */
        private String noiseFloor() {
            List<Double> rps = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            String covers = null;
            for (RungResult r : rungs) {
                Intervals i = r.intervals();
                if (!r.measured() || !r.target().equals("gateway") || i == null) {
                    continue;
                }
                covers = covers == null ? i.covers() : covers;
                Optional.ofNullable(i.rps()).map(Estimate::halfWidthPercent).ifPresent(rps::add);
                Optional.ofNullable(proxyCpu(i)).map(Estimate::halfWidthPercent).ifPresent(cpu::add);
            }
            if (rps.isEmpty()) {
                return null;
            }
            return String.format(Locale.ROOT,
                    "The smallest change this run can tell from noise (the median half-width of the gateway rungs' 95 %% intervals): "
                            + "req/s +-%.1f %%%s. The intervals cover %s.",
                    median(rps),
                    cpu.isEmpty() ? ""
                            : String.format(Locale.ROOT, ", the gateway's CPU per request +-%.1f %%", median(cpu)),
                    covers);
        }

        /**
         * What could cap each rung: the blocked event loop, the CPU, the closed loop's
         * connections.
         */
        private Table boundsTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                if (!r.measured() || r.bounds() == null) {
                    continue;
                }
                rows.add(List.of(r.name(), String.format(Locale.ROOT, "%,.0f", r.throughput().rps()),
                        rps(r.bounds().eventLoop()), rps(r.bounds().cpu()), rps(r.bounds().closedLoop())));
            }
            return new Table(List.of("rung", "req/s", "event loops / auth call (blocking)",
                    "cores / CPU ms per request", "connections / latency"), rows);
        }

        /** Capacity at the SLO per rung, against nginx's in the same run. */
        private Table capacityTable() {
            List<List<String>> rows = new ArrayList<>();
            Optional<Double> nginx = rungs.stream()
                .filter(r -> r.target().equals("nginx") && r.capacity() != null)
                .map(r -> r.capacity().rpsAtSlo())
                .findFirst();
            for (RungResult r : rungs) {
                CapacityResult c = r.capacity();
                if (c == null) {
                    continue;
                }
                rows.add(List.of(r.name(), c.slo(), String.format(Locale.ROOT, "%,.0f", c.rpsAtSlo()),
                        nginx.filter(n -> n > 0)
                            .map(n -> String.format(Locale.ROOT, "%.2f", c.rpsAtSlo() / n))
                            .orElse(""),
                        c.closedLoopRps() == null ? "" : String.format(Locale.ROOT, "%,.0f", c.closedLoopRps()),
                        Integer.toString(c.points().size()), c.generator() == null ? "" : c.generator()));
            }
            return new Table(List.of("rung", "SLO", "capacity at the SLO, req/s", "x nginx",
                    "closed loop (warm-up), req/s", "steps", "load generator"), rows);
        }

        /** Closed versus open model in three sentences, with this run's numbers. */
        private String capacityExplained() {
            for (RungResult r : rungs) {
                CapacityResult c = r.capacity();
                if (c == null || c.closedLoopRps() == null || c.points().isEmpty()) {
                    continue;
                }
                Point near = c.points()
                    .stream()
                    .min(java.util.Comparator.comparingDouble(p -> Math.abs(p.offeredRps() - c.closedLoopRps())))
                    .orElseThrow();
                int connections = info.path("parameters").path("connections").asInt(10);
                return String.format(Locale.ROOT,
                        "A closed loop (wrk with %d connections) sends a request only when one came back, so no more than %d ever wait "
                                + "and each latency counts from when the request was sent: %s's warm-up read %,.0f req/s that way. An open model offers requests at a "
                                + "fixed rate whatever comes back and counts each latency from when the request was due, so queueing shows: offered %,.0f req/s, "
                                + "%s's p99 was %.1f ms. Capacity at the SLO is the highest offered rate whose step met %s with at most 0.1 %% errors and at least "
                                + "98 %% of the rate achieved: %,.0f req/s for %s.",
                        connections, connections, r.name(), c.closedLoopRps(), near.offeredRps(), r.name(),
                        near.p99Ms(), c.slo(), c.rpsAtSlo(), r.name());
            }
            return null;
        }

        private String machineLine() {
            JsonNode machine = info.path("machine");
            JsonNode p = info.path("parameters");
            String commit = info.path("git_commit").asString();
            return String.format(Locale.ROOT,
                    "%s, %s cores, %s; runtime %s; commit %s%s; started %s; wrk -t%s -c%s -d%s --timeout %s, repeat %s, load generator on %s",
                    machine.path("cpu_model").asString(), machine.path("cores").asString(), info.path("jdk").asString(),
                    info.path("runtime").asString(), commit.length() > 12 ? commit.substring(0, 12) : commit,
                    info.path("git_dirty").asBoolean() ? " (with uncommitted changes)" : "",
                    info.path("started").asString(), p.path("threads").asString(), p.path("connections").asString(),
                    p.path("duration").asString(), p.path("timeout").asString(), p.path("repeat").asString(),
                    machine.path("load_generator_on_same_host").asBoolean(true) ? "the same host" : "another host")
                    + (p.path("placement").isString() ? "; " + p.path("placement").asString() : "")
                    + (p.path("system").isString() ? "; the system was " + p.path("system").asString() : "")
                    + foreignGatewayLine();
        }

        /**
         * The user's own gateway ran instead of the lab's: which one, as far as its jar
         * tells; the rest is unknown, never guessed.
         */
        private String foreignGatewayLine() {
            JsonNode g = info.path("gateway");
            if (!foreign()) {
                return "";
            }
            return String.format(Locale.ROOT,
                    "; a foreign gateway ran: %s (Spring Boot %s, Spring Cloud Gateway %s), route %s, header %s; "
                            + "its profiles' effect, mode, server time and auth call are unknown to the lab",
                    g.has("jar") ? g.path("jar").asString() : "image " + g.path("image").asString(),
                    g.path("spring_boot").asString("unknown"), g.path("spring_cloud_gateway").asString("unknown"),
                    g.path("route").asString(), g.path("header").asString());
        }

        private boolean foreign() {
            return info.path("gateway").path("foreign").asBoolean(false);
        }

        private Optional<RungResult> reference(String target) {
            return rungs.stream().filter(r -> r.target().equals(target) && r.measured()).findFirst();
        }

        private Table mainTable() {
            TreeSet<String> services = new TreeSet<>();
            rungs.stream()
                .filter(RungResult::measured)
                .map(RungResult::cpu)
                .filter(c -> c != null && c.percent() != null)
                .forEach(c -> services.addAll(c.percent().keySet()));
            List<String> header = new ArrayList<>(List.of("rung", "profiles", "req/s", "cv", "x baseline", "x nginx",
                    "p50 ms", "p90 ms", "p99 ms", "max ms", "errors"));
            services.forEach(s -> header.add("CPU " + s + " %"));
            header.add("what changed");
            Optional<RungResult> baseline = reference("backend");
            Optional<RungResult> nginx = reference("nginx");
            List<List<String>> rows = new ArrayList<>();
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
                    row.add(r.throughput().cv() == null ? "n/a"
                            : String.format(Locale.ROOT, "%.1f%%", r.throughput().cv() * 100));
                    row.add(ratio(r, baseline));
                    row.add(ratio(r, nginx));
                    row.add(ms(r.latency().p50()));
                    row.add(ms(r.latency().p90()));
                    row.add(ms(r.latency().p99()));
                    row.add(ms(r.latency().max()));
                    row.add(Long.toString(r.throughput().errors()));
                    services.forEach(s -> row.add(Optional.ofNullable(r.cpu())
                        .map(c -> c.of(s))
                        .map(v -> String.format(Locale.ROOT, "%.0f", v))
                        .orElse("")));
                }
                row.add(r.rung().changes());
                rows.add(row);
            }
            return new Table(header, rows);
        }

        private Table timeTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                if (r.measured() && r.target().equals("gateway")) {
                    RungResult.GatewayTimes times = r.times() == null ? new RungResult.GatewayTimes(null, null)
                            : r.times();
                    if (foreign()) {
                        rows.add(List.of(r.name(), ms(r.latency().clientMean()), "unknown", "unknown",
                                "unknown (a foreign gateway)"));
                        continue;
                    }
                    rows.add(List.of(r.name(), ms(r.latency().clientMean()), ms(times.serverMs()),
                            ms(times.authCallMs()), r.mode() == null ? "" : r.mode().toString()));
                }
            }
            return new Table(List.of("rung", "client latency (wrk mean) ms", "gateway server time (mean) ms",
                    "auth call (mean) ms", "mode the gateway reported"), rows);
        }

        /**
         * One row per profiled rung: the verdict and the largest groups of event-loop
         * samples.
         */
        private Table hotspotTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                RungResult.ProfileSummary profile = r.profile();
                if (profile == null || profile.hotspot() == null) {
                    continue;
                }
                String groups = profile.hotspotShares() == null ? ""
                        : String.join(", ",
                                profile.hotspotShares()
                                    .entrySet()
                                    .stream()
                                    .limit(4)
                                    .map(e -> String.format(Locale.ROOT, "%s %.0f %%", e.getKey(), e.getValue() * 100))
                                    .toList());
                String verdict = profile.hotspot();
                if (profile.evidence() != null
                        && profile.evidence().get("event_loop_socket_reads") instanceof Number reads) {
                    verdict += String.format(Locale.ROOT, "; JFR: %,d socket reads on the event loop, %,.0f ms",
                            reads.longValue(),
                            ((Number) profile.evidence().getOrDefault("event_loop_socket_read_ms", 0)).doubleValue());
                }
                RungResult.ProfilerCost cost = profile.cost();
                rows.add(List.of(r.name(), profile.profiler() == null ? "" : profile.profiler(), verdict, groups,
                        cost == null ? "" : String.format(Locale.ROOT, "%,.0f / %,.0f = %.2f", cost.rpsWith(),
                                cost.rpsWithout(), cost.ratio())));
            }
            return new Table(List.of("rung", "profiler", "verdict (event-loop threads)", "largest groups",
                    "profiler cost: req/s with / without"), rows);
        }

        /**
         * Per measured rung: how long the warm-up took and what the first 10 s from a
         * cold start read against the measured window.
         */
        private Table warmupTable() {
            List<List<String>> rows = new ArrayList<>();
            for (RungResult r : rungs) {
                RungResult.WarmupSummary w = r.warmup();
                if (!r.measured() || w == null || w.probes() == null || w.probes().isEmpty()) {
                    continue;
                }
                Double cold = RungResult.WarmupSummary.coldReading(w.probes(),
                        w.probeSeconds() == null ? 0 : w.probeSeconds(), 10);
                List<String> row = new ArrayList<>(
                        List.of(r.name(), w.seconds() == null ? "" : String.format(Locale.ROOT, "%.0f", w.seconds()),
                                Boolean.TRUE.equals(w.steady()) ? "yes" : "no",
                                String.join(" ",
                                        w.probes().stream().map(v -> String.format(Locale.ROOT, "%,.0f", v)).toList()),
                                cold == null ? "" : String.format(Locale.ROOT, "%,.0f", cold),
                                cold == null || r.throughput().rps() == 0 ? ""
                                        : String.format(Locale.ROOT, "%.2f", cold / r.throughput().rps())));
                if (warmupReasons()) {
                    row.add(w.reason() == null ? "" : w.reason());
                }
                rows.add(row);
            }
            List<String> header = new ArrayList<>(List.of("rung", "warm-up s", "steady", "probes (req/s)",
                    "first 10 s req/s", "first 10 s / measured"));
            if (warmupReasons()) {
                header.add("why it ended");
            }
            return new Table(header, rows);
        }

        /** The lines of every rung's faults.log (FAULTS=...), prefixed with the rung. */
        private List<String> faultLines() {
            List<String> lines = new ArrayList<>();
            for (RungResult r : rungs) {
                if (r.dir() == null) {
                    continue;
                }
                Path log = dir.resolve(r.dir()).normalize().resolve("faults.log");
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

        private String samplerCost() {
            return rungs.stream()
                .filter(RungResult::measured)
                .map(RungResult::cpu)
                .filter(Objects::nonNull)
                .map(RungResult.CpuUse::samplerPercent)
                .filter(Objects::nonNull)
                .reduce(Math::max)
                .map(cost -> String.format(Locale.ROOT, "%.2f", cost))
                .orElse(null);
        }

        /**
         * Per measured rung, each service's CPU % over seconds since the rung's first
         * sample.
         */
        private List<CpuSeries> cpuSeries() {
            List<CpuSeries> series = new ArrayList<>();
            for (RungResult r : rungs) {
                if (!r.measured() || r.dir() == null) {
                    continue;
                }
                StatsLog log = StatsLog.read(dir.resolve(r.dir()).normalize().resolve("stats.log"));
                if (log.lines().isEmpty()) {
                    continue;
                }
                LocalDateTime start = log.lines().get(0).time();
                Map<String, List<List<Number>>> services = new LinkedHashMap<>();
                log.byService()
                    .forEach((name, lines) -> services.put(name,
                            lines.stream()
                                .map(line -> List.<Number>of(Duration.between(start, line.time()).toSeconds(),
                                        line.cpuPercent()))
                                .toList()));
                series.add(new CpuSeries(r.name(), services));
            }
            return series;
        }

        /**
         * A sweep point's axes as the sweep declared them; summaries from before the axes
         * were stored name the client first among the profiles.
         */
        private record SweepPoint(String client, String latency, RungResult result) {
        }

        private List<SweepPoint> sweepPoints() {
            return rungs.stream().map(r -> {
                Map<String, String> axes = r.rung().axes() == null ? Map.of() : r.rung().axes();
                String client = axes.getOrDefault("client",
                        r.rung().profiles().isEmpty() ? "reactive" : r.rung().profiles().get(0));
                String latency = axes.getOrDefault("auth_latency", r.rung().authLatency());
                return new SweepPoint(client, latency, r);
            }).toList();
        }

        private static List<String> latencies(List<SweepPoint> points) {
            return points.stream().map(SweepPoint::latency).distinct().toList();
        }

        private static List<String> clients(List<SweepPoint> points) {
            return points.stream().map(SweepPoint::client).distinct().toList();
        }

        private static Optional<RungResult> at(List<SweepPoint> points, String client, String latency) {
            return points.stream()
                .filter(p -> p.client().equals(client) && Objects.equals(p.latency(), latency))
                .map(SweepPoint::result)
                .findFirst();
        }

        /**
         * req/s per client (rows) and auth latency (columns), then the bound a blocked
         * event loop allows.
         */
        private Table sweepTable(List<SweepPoint> points) {
            List<String> latencies = latencies(points);
            List<String> header = new ArrayList<>(List.of("client"));
            latencies.forEach(l -> header.add("auth " + l));
            List<List<String>> rows = new ArrayList<>();
            for (String client : clients(points)) {
                List<String> row = new ArrayList<>(List.of(client));
                latencies.forEach(l -> row.add(at(points, client, l)
                    .map(r -> r.measured() ? String.format(Locale.ROOT, "%,.0f", r.throughput().rps()) : "skipped")
                    .orElse("")));
                rows.add(row);
            }
            List<String> bound = new ArrayList<>(List.of("bound, blocked event loop"));
            latencies.forEach(l -> bound.add(Optional.ofNullable(bound(points, l))
                .map(b -> String.format(Locale.ROOT, "%,.0f", b))
                .orElse("-")));
            rows.add(bound);
            return new Table(header, rows);
        }

        private SweepSeries sweepSeries(List<SweepPoint> points) {
            List<String> latencies = latencies(points);
            List<ClientSeries> series = clients(points).stream()
                .map(client -> new ClientSeries(client,
                        latencies.stream()
                            .map(l -> at(points, client, l).filter(RungResult::measured)
                                .map(r -> r.throughput().rps())
                                .orElse(null))
                            .toList(),
                        latencies.stream()
                            .map(l -> at(points, client, l).filter(RungResult::measured)
                                .map(RungResult::bounds)
                                .map(b -> client.equals("blocking") ? b.eventLoop() : b.cpu())
                                .orElse(null))
                            .toList()))
                .toList();
            return new SweepSeries(latencies.stream()
                .map(l -> Optional.ofNullable(latencySeconds(pointName(points, l), l)).map(s -> s * 1000).orElse(null))
                .toList(), series, latencies.stream().map(l -> bound(points, l)).toList());
        }

        private static String pointName(List<SweepPoint> points, String latency) {
            return points.stream()
                .filter(p -> Objects.equals(p.latency(), latency))
                .findFirst()
                .map(p -> p.result().name())
                .orElse("?");
        }

        /**
         * min(event-loop threads, connections) / auth latency: what a blocked event loop
         * allows at most.
         */
        private Double bound(List<SweepPoint> points, String latency) {
            Double seconds = latencySeconds(pointName(points, latency), latency);
            int loops = rungs.stream()
                .filter(r -> r.mode() != null && r.mode().containsKey("event_loop_threads"))
                .mapToInt(r -> Integer.parseInt(r.mode().get("event_loop_threads")))
                .findFirst()
                .orElse(0);
            int connections = info.path("parameters").path("connections").asInt(0);
            if (seconds == null || seconds <= 0 || loops <= 0) {
                return null;
            }
            return Math.min(loops, connections) / seconds;
        }

    }

    /** A step metric's name as the report writes it. */
    static String metricName(String metric) {
        return switch (metric) {
            case "gateway_bytes_per_request" -> "gateway bytes per request";
            case "proxy_cpu_ms_per_request_at_rate" -> "proxy CPU per request at the fixed rate";
            case "proxy_cpu_ms_per_request" -> "proxy CPU per request";
            case "rps" -> "req/s";
            default -> metric;
        };
    }

    private static Estimate proxyCpu(Intervals intervals) {
        if (intervals.cpuMsPerRequest() == null) {
            return null;
        }
        return Optional.ofNullable(intervals.cpuMsPerRequest().get("gateway"))
            .orElse(intervals.cpuMsPerRequest().get("nginx"));
    }

    private static String ratioWithInterval(Ratio ratio) {
        return ratioWithInterval(ratio, 2);
    }

    /**
     * With {@code digits} decimals: bytes per request moves by tenths of a per cent that
     * two decimals would round to 1.00.
     */
    private static String ratioWithInterval(Ratio ratio, int digits) {
        if (ratio == null) {
            return "";
        }
        String f = "%." + digits + "f";
        return ratio.low() == null ? String.format(Locale.ROOT, f + " (one window: no interval)", ratio.ratio())
                : String.format(Locale.ROOT, f + " [" + f + ", " + f + "]", ratio.ratio(), ratio.low(), ratio.high());
    }

    private static String verdictWords(Ratio ratio) {
        return ratio == null || ratio.verdict() == null ? "" : ratio.verdict().words();
    }

    private static String interval(Estimate estimate, String format) {
        return estimate == null || !estimate.hasInterval() ? ""
                : "[" + String.format(Locale.ROOT, format, estimate.low()) + ", "
                        + String.format(Locale.ROOT, format, estimate.high()) + "]";
    }

    private static String halfWidth(Estimate estimate) {
        return estimate == null || estimate.halfWidthPercent() == null ? ""
                : String.format(Locale.ROOT, "%.1f %%", estimate.halfWidthPercent());
    }

    private static String rps(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String ratio(RungResult r, Optional<RungResult> reference) {
        return reference.filter(ref -> ref.throughput().rps() > 0)
            .map(ref -> String.format(Locale.ROOT, "%.2f", r.throughput().rps() / ref.throughput().rps()))
            .orElse("");
    }

    private static String ms(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.2f", value);
    }
}
