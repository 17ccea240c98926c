package dev.perflab.lab.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.perflab.lab.capacity.CapacityResult;
import dev.perflab.lab.verdict.Intervals;
import dev.perflab.lab.verdict.StepVerdict;
import dev.perflab.lab.verdict.Window;

/**
 * What one rung measured, as written to {@code summary.json}: the rung as declared, then
 * one typed part per kind of measurement: the closed loop's figures, the warm-up, a
 * profile, the fixed rate, the capacity at an SLO, each present when the command measured
 * it. The parts are unwrapped, so summary.json keeps one flat object per rung
 * ({@code rps}, {@code p99_ms}, {@code warmup_s}, ...). {@code mode} is what the gateway
 * itself reported (its {@code lab.gateway.mode} tags), not what the runner asked for;
 * {@code verdict} this rung against the one before it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RungResult(@JsonUnwrapped Scenario rung, String dir, @JsonUnwrapped ClosedLoop closedLoop,
        Map<String, String> mode, @JsonUnwrapped WarmupSummary warmup, @JsonUnwrapped ProfileSummary profile,
        @JsonProperty("at_rate") AtRate atRate, StepVerdict verdict, CapacityResult capacity, String skipped) {

    /*
     * A part that summary.json does not hold (an unprofiled rung's profile, a skipped
     * rung's figures) reads back as a part whose fields are all null, never as null
     * itself.
     */

    /**
     * The closed loop's figures: req/s, latency, each process's CPU and the gateway's own
     * timers over the measured windows; the sub-windows of every pass, their 95 %
     * intervals, and what could cap the rung's req/s.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ClosedLoop(@JsonUnwrapped Throughput throughput, @JsonUnwrapped Latency latency,
            @JsonUnwrapped CpuUse cpu, @JsonUnwrapped GatewayTimes times, List<Window> windows, Intervals intervals,
            Bounds bounds) {
    }

    /**
     * Why two rungs get no verdict against each other: the first of them whose errors
     * were more than {@link StepVerdict#MAX_FAILURE_SHARE} of its answers (its speed
     * would count failures), or null.
     */
    public static String failures(RungResult... rungs) {
        for (RungResult rung : rungs) {
            Double share = rung.throughput() == null ? null : rung.throughput().failureShare();
            if (share != null && share > StepVerdict.MAX_FAILURE_SHARE) {
                return String.format(Locale.ROOT,
                        "no verdict: %s had %d errors, %.2f %% of its answers (more than %.1f %%)", rung.name(),
                        rung.throughput().errors(), share * 100, StepVerdict.MAX_FAILURE_SHARE * 100);
            }
        }
        return null;
    }

    /** A rung the runtime could not run, with why. */
    public static RungResult skipped(Scenario scenario, String reason) {
        return new RungResult(scenario, null, null, null, null, null, null, null, null, reason);
    }

    /** How a failed rung's reason starts. */
    public static final String FAILED = "failed: ";

    /**
     * A rung that started and failed (an app that exited, a read that failed after its
     * retries): the ladder went on without it; what it measured stays in its folder.
     */
    public static RungResult failed(Scenario scenario, String message) {
        return skipped(scenario, FAILED + message);
    }

    /** Why the rung has no figures, as the report and the console say it. */
    public String notMeasured() {
        if (skipped == null) {
            return "not measured";
        }
        return skipped.startsWith(FAILED) ? skipped : "skipped: " + skipped;
    }

    /** A rung whose capacity was searched instead of its closed loop measured. */
    public static RungResult ofCapacity(Scenario scenario, String dir, CapacityResult capacity,
            Map<String, String> mode, WarmupSummary warmup) {
        return new RungResult(scenario, dir, null, mode, warmup, null, null, null, capacity, null);
    }

    /** The same result with its step's verdict against an earlier rung. */
    public RungResult withVerdict(StepVerdict stepVerdict) {
        return new RungResult(rung, dir, closedLoop, mode, warmup, profile, atRate, stepVerdict, capacity, skipped);
    }

    public Throughput throughput() {
        return closedLoop == null ? null : closedLoop.throughput();
    }

    public Latency latency() {
        return closedLoop == null ? null : closedLoop.latency();
    }

    public CpuUse cpu() {
        return closedLoop == null ? null : closedLoop.cpu();
    }

    public GatewayTimes times() {
        return closedLoop == null ? null : closedLoop.times();
    }

    public List<Window> windows() {
        return closedLoop == null ? null : closedLoop.windows();
    }

    public Intervals intervals() {
        return closedLoop == null ? null : closedLoop.intervals();
    }

    public Bounds bounds() {
        return closedLoop == null ? null : closedLoop.bounds();
    }

    /**
     * The rung ran and has closed-loop figures (a capacity run may have only its
     * capacity).
     */
    public boolean measured() {
        return skipped == null && throughput() != null && throughput().rps() != null;
    }

    /**
     * The sub-windows at the fixed offered rate, or none when the rung was not offered
     * it.
     */
    public List<Window> atRateWindows() {
        return atRate != null && atRate.measured() ? atRate.windows() : List.of();
    }

    public String name() {
        return rung.name();
    }

    /** backend, gateway or nginx, as in the scenario file. */
    public String target() {
        return rung.target().id();
    }

    /**
     * The rung's requests per second over its measured windows: their mean, the
     * coefficient of variation between them (null with one window), each window's figure,
     * the errors (socket errors and non-2xx/3xx answers) and the requests that got an
     * answer, each summed over all windows.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Throughput(Double rps, @JsonProperty("rps_cv") Double cv, @JsonProperty("rps_runs") List<Double> runs,
            Long errors, Long requests, @JsonProperty("non_2xx") Long failedAnswers,
            @JsonProperty("socket_errors") Long socketErrors) {

        /**
         * Without the errors split into answers and socket errors (a summary.json from
         * before they were).
         */
        public Throughput(Double rps, Double cv, List<Double> runs, Long errors, Long requests) {
            this(rps, cv, runs, errors, requests, null, null);
        }

        /** Without the count of answers (a summary.json from before it was recorded). */
        public Throughput(Double rps, Double cv, List<Double> runs, Long errors) {
            this(rps, cv, runs, errors, null);
        }

        /**
         * The errors as the report prints them: the count, and when there are any and the
         * split was recorded, how many were answers outside 2xx/3xx and how many socket
         * errors (connect, read, write, timeout).
         */
        public String errorsText() {
            if (errors == null) {
                return "";
            }
            if (errors == 0 || failedAnswers == null || socketErrors == null) {
                return Long.toString(errors);
            }
            return errors + " (" + failedAnswers + " non-2xx, " + socketErrors + " socket)";
        }

        /**
         * Errors over answers (non-2xx/3xx answers are among both; a socket error adds
         * one without an answer, so this is at most a little high), at most 1; null where
         * the count of answers was not recorded.
         */
        @JsonIgnore
        public Double failureShare() {
            if (requests == null || errors == null) {
                return null;
            }
            return errors == 0 ? 0.0 : Math.min(1.0, (double) errors / Math.max(1, requests));
        }
    }

    /**
     * Latency in ms as the load generator saw it: percentiles keyed "50", "90", "99", ...
     * (the mean of the windows' percentiles), the largest max of any window and the mean
     * of the windows' means. p50, p90 and p99 are read from the percentiles by key, so
     * they cannot be swapped.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Latency(@JsonProperty("percentiles_ms") Map<String, Double> percentiles,
            @JsonProperty("max_ms") Double max, @JsonProperty("client_mean_ms") Double clientMean) {

        @JsonProperty(value = "p50_ms", access = JsonProperty.Access.READ_ONLY)
        public Double p50() {
            return percentile("50");
        }

        @JsonProperty(value = "p90_ms", access = JsonProperty.Access.READ_ONLY)
        public Double p90() {
            return percentile("90");
        }

        @JsonProperty(value = "p99_ms", access = JsonProperty.Access.READ_ONLY)
        public Double p99() {
            return percentile("99");
        }

        public Double percentile(String key) {
            return percentiles == null ? null : percentiles.get(key);
        }
    }

    /**
     * Mean CPU of each process over the measured windows, in % of one core, keyed by
     * service name (gateway, auth-service, business-service, nginx), and what the stats
     * sampler itself used.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CpuUse(@JsonProperty("cpu") Map<String, Double> percent,
            @JsonProperty("sampler_cpu_percent") Double samplerPercent) {

        public Double of(String service) {
            return percent == null ? null : percent.get(service);
        }
    }

    /**
     * The gateway's own timers over the measured windows: mean auth call and mean server
     * response time, in ms.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GatewayTimes(@JsonProperty("auth_call_ms") Double authCallMs,
            @JsonProperty("server_ms") Double serverMs) {
    }

    /**
     * The rung offered a constant rate (RATE, by the open-model generator) after its
     * closed loop: each sub-window's achieved req/s, p99 and CPU ms per request of every
     * process, with their intervals. Below saturation the CPU a request costs is not just
     * the mirror of req/s it is at the closed loop's maximum. {@code skipped} says why a
     * rung was not offered the rate (its closed loop did not reach well above it).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AtRate(@JsonProperty("offered_rps") double offered, String generator, List<Window> windows,
            Intervals intervals, String skipped) {

        public static AtRate skipped(double offered, String reason) {
            return new AtRate(offered, null, null, null, reason);
        }

        public boolean measured() {
            return skipped == null && windows != null && !windows.isEmpty();
        }
    }

    /**
     * How long the warm-up took, whether it became steady, the probe length and each
     * probe's req/s.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WarmupSummary(@JsonProperty("warmup_s") Double seconds, @JsonProperty("warmup_steady") Boolean steady,
            @JsonProperty("warmup_probe_s") Double probeSeconds, @JsonProperty("warmup_probes") List<Double> probes,
            @JsonProperty("warmup_reason") String reason) {

        /** A summary from before the reason was recorded. */
        public WarmupSummary(Double seconds, Boolean steady, Double probeSeconds, List<Double> probes) {
            this(seconds, steady, probeSeconds, probes, null);
        }

        /**
         * What a fixed warm-up of {@code seconds} followed by a measurement would have
         * read instead: the mean req/s of the first probes that fit into it, from a cold
         * start. Null when the probes do not cover it.
         */
        public static Double coldReading(List<Double> probes, double probeSeconds, int seconds) {
            int count = probeSeconds <= 0 ? 0 : (int) Math.floor(seconds / probeSeconds);
            if (probes == null || count < 1 || probes.size() < count) {
                return null;
            }
            return probes.subList(0, count).stream().mapToDouble(Double::doubleValue).average().orElse(0);
        }
    }

    /**
     * What profiling the rung found: the profiler, the hotspot verdict and shares, its
     * own cost and its evidence.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProfileSummary(String profiler, String hotspot,
            @JsonProperty("hotspot_shares") Map<String, Double> hotspotShares,
            @JsonProperty("profiler_cost") ProfilerCost cost,
            @JsonProperty("profile_evidence") Map<String, Object> evidence) {
    }

    /**
     * The profiler's own cost, measured: the same load once more with the profiler
     * attached, right after the unprofiled window(s) the rung's figures come from.
     */
    public record ProfilerCost(@JsonProperty("rps_without") double rpsWithout, @JsonProperty("rps_with") double rpsWith,
            double ratio) {
    }
}
