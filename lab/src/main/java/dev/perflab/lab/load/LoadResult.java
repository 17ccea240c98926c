package dev.perflab.lab.load;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Base64;
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

    /** The histogram in HdrHistogram's compressed form, base64: what {@code HistogramLogReader} and other tools read. */
    public String histogramBase64() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(buffer.array(), 0, length);
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }
}
