package dev.perflab.lab.paired;

import dev.perflab.lab.verdict.PairedRatio;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import dev.perflab.lab.LabException;
import dev.perflab.lab.verdict.Quantity;

/**
 * What a paired comparison reads on each side, once: its JSON key, its label, its unit
 * and decimals in a report, how it is read from a side's window, and whether FAIL_ON
 * gates it.
 */
public enum PairedMetric {

    CPU("cpu_ms_per_request", "gateway CPU per request", "ms", 4, SideWindow::cpuMsPerRequest, true, Quantity.COST),

    BYTES("bytes_per_request", "bytes allocated per request", "bytes", 0, SideWindow::bytesPerRequest, false,
            Quantity.COUNT),

    P50("p50_ms", "latency p50", "ms", 3, SideWindow::p50Ms, false, Quantity.LATENCY),

    P99("p99_ms", "latency p99", "ms", 3, SideWindow::p99Ms, false, Quantity.LATENCY);

    /** The order in which a step's metrics may carry its verdict: costs first. */
    public static final List<PairedMetric> CARRIERS = List.of(CPU, BYTES, P50, P99);

    /** What a gateway is read on against nginx (nginx allocates no Java bytes). */
    public static final List<PairedMetric> AGAINST_NGINX = List.of(CPU, P50, P99);

    /**
     * The order a pair's verdicts are said in (compare.md, the console): the cost, the
     * latency, then the bytes a JVM counts.
     */
    public static final List<PairedMetric> PAIR_ORDER = List.of(CPU, P50, P99, BYTES);

    /**
     * Ratios by metric as pair.json and lab.json write them: by each metric's JSON key,
     * in the map's order.
     */
    public static Map<String, PairedRatio> byKey(Map<PairedMetric, PairedRatio> ratios) {
        Map<String, PairedRatio> keyed = new LinkedHashMap<>();
        ratios.forEach((metric, ratio) -> keyed.put(metric.key(), ratio));
        return keyed;
    }

    /** Each metric's label by its JSON key. */
    public static final Map<String, String> LABELS = labels();

    private final String key;

    private final String label;

    private final String unit;

    private final int digits;

    private final ToDoubleFunction<SideWindow> reader;

    private final boolean gated;

    private final Quantity quantity;

    PairedMetric(String key, String label, String unit, int digits, ToDoubleFunction<SideWindow> reader, boolean gated,
            Quantity quantity) {
        this.quantity = quantity;
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.digits = digits;
        this.reader = reader;
        this.gated = gated;
    }

    /** The JSON key, as in pair.json and lab.json. */
    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    /** Decimals of a side's mean in a report. */
    public int digits() {
        return digits;
    }

    /** Whether FAIL_ON gates this metric. */
    public boolean gated() {
        return gated;
    }

    /** What kind of figure it is, which decides its verdict's words. */
    public Quantity quantity() {
        return quantity;
    }

    /** This metric of a side's window. */
    public double read(SideWindow side) {
        return reader.applyAsDouble(side);
    }

    /** The metric with this JSON key. */
    public static PairedMetric of(String key) {
        return Arrays.stream(values())
            .filter(metric -> metric.key.equals(key))
            .findFirst()
            .orElseThrow(() -> new LabException("no paired metric " + key));
    }

    /** The keys of these metrics, in order. */
    public static List<String> keys(List<PairedMetric> metrics) {
        return metrics.stream().map(PairedMetric::key).toList();
    }

    private static Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        for (PairedMetric metric : values()) {
            labels.put(metric.key, metric.label);
        }
        return Map.copyOf(labels);
    }

}
