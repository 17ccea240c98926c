package dev.perflab.lab.load;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;

import org.HdrHistogram.Histogram;

/**
 * What one offer of load came back with: requests, how long, errors, the generator's own latency
 * summary, and every latency as an HdrHistogram in microseconds (so that windows and agents can be
 * merged exactly and any percentile read), plus the generator's raw output to keep beside it.
 *
 * @param errors socket errors, timeouts and non-2xx/3xx answers
 * @param output the generator's console output, kept as it printed it
 * @param summaryJson the generator's machine-readable summary, kept beside the output
 */
public record LoadResult(long requests, long durationMicros, long errors, LatencySummary latency, Histogram histogram, String output,
        String summaryJson) {

    public double requestsPerSecond() {
        return durationMicros == 0 ? 0 : requests / (durationMicros / 1_000_000.0);
    }

    static final List<String> PERCENTILES = List.of("50", "75", "90", "99", "99.9", "99.99");

    /**
     * Back-to-back offers as one: requests, time and errors added, histograms merged (so every
     * percentile is the whole span's, not an average of the parts'), the summary read from the merged
     * histogram.
     */
    public static LoadResult merge(List<LoadResult> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Histogram merged = new Histogram(3);
        parts.forEach(part -> merged.add(part.histogram()));
        Map<String, Double> percentiles = new LinkedHashMap<>();
        PERCENTILES.forEach(p -> percentiles.put(p, merged.getValueAtPercentile(Double.parseDouble(p)) / 1000.0));
        LatencySummary latency = new LatencySummary(merged.getMinValue() / 1000.0, merged.getMean() / 1000.0,
                merged.getStdDeviation() / 1000.0, merged.getMaxValue() / 1000.0, percentiles);
        return new LoadResult(parts.stream().mapToLong(LoadResult::requests).sum(), parts.stream().mapToLong(LoadResult::durationMicros).sum(),
                parts.stream().mapToLong(LoadResult::errors).sum(), latency, merged, "", "");
    }

    /** The histogram in HdrHistogram's compressed form, base64: what {@code HistogramLogReader} and other tools read. */
    public String histogramBase64() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(buffer.array(), 0, length);
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }
}
