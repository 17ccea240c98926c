package dev.perflab.lab.paired;

import java.util.List;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.annotation.JsonValue;

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

    /**
     * The JSON key, as in pair.json and lab.json: Jackson writes a metric, and a map
     * keyed by metrics, by it.
     */
    @JsonValue
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

}
